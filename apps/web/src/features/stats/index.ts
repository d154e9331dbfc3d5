// Stats feature: the stats page (SPEC §2) from the local store; its own route chunk.
export { StatsPage, NO_STUDY_DATA } from './components/stats-page.tsx';
export { MODULE_CSV, SUBJECT_CSV } from './export-csv.ts';
