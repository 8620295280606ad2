//! Tauri's build step: reads tauri.conf.json, the capabilities and the icons.

fn main() {
    tauri_build::build();
}
