// Applies the saved theme before first paint (no inline script under the CSP).
(function () {
  try {
    var t = localStorage.getItem('zan.theme') || 'default-light';
    document.documentElement.setAttribute('data-theme', t);
  } catch (e) {
    document.documentElement.setAttribute('data-theme', 'default-light');
  }
})();
