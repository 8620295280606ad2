// Before the first paint: the device's colour theme into `data-theme` on <html> (light or
// dark: styles.css's palettes), so that the page is drawn in the right colours from its first
// frame. A classic script, loaded by index.html's <head> ahead of the stylesheets; theme.js
// takes over once the settings are read (the player's choice).
document.documentElement.dataset.theme = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
