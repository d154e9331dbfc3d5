// Question bank feature (issue 19): /qbank (Create Test, Previous Tests, Performance), the block player
// and the review; its own route chunk.
export { QbankPage } from './components/qbank-page.tsx';
export { BlockPage } from './components/block-page.tsx';
export { BlockReviewPage } from './components/block-review.tsx';
