// The one archive filter of the local store: students never see archived modules, subjects, topics or
// announcements (SPEC §4 Content); their rows may still be stored until the next sync removes them.
export const notArchived = (row: { isArchived: boolean }): boolean => !row.isArchived;
