// Messages of the app's errors area (see ../i18n.js): the same keys in `en` and `hu`.
export const en = {
};
export const hu = {
};
