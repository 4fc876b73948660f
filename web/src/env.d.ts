// Vite handles CSS imports (a side effect: the styles are added to the page).
declare module '*.css';
