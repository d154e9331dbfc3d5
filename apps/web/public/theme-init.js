// Applies the saved theme before first paint (no inline script under the CSP). The ids mirror
// src/ui/themes.ts (a unit test keeps them in sync); an unknown or missing value falls back to the default.
(function () {
  var ids = [
    'default-light',
    'default-dark',
    'midnight',
    'nord',
    'ocean',
    'forest',
    'mint',
    'monokai',
    'espresso',
    'sepia',
    'synthwave',
    'dracula',
    'solarized-light',
    'solarized-dark',
    'gruvbox',
    'rose-pine',
    'lavender',
    'sky',
    'sakura',
    'high-contrast',
  ];
  var theme = 'default-light';
  try {
    var saved = localStorage.getItem('zan.theme');
    if (saved && ids.indexOf(saved) !== -1) theme = saved;
  } catch (e) {
    /* storage blocked: keep the default */
  }
  document.documentElement.setAttribute('data-theme', theme);
})();
