// Zancards feature: the deck browser (/zancards).
export { NO_DECKS, RESET_TITLE, ZancardsPage } from './components/zancards-page.tsx';
