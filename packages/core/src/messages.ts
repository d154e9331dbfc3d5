// Every user-facing message of SPEC §5 and §8, verbatim. Server and web import from here.
import type { OptimizeFailure } from './schemas/scheduler.ts';

/** '45 seconds' under a minute, else whole minutes rounded up ('2 minutes'). */
const waitText = (seconds: number) =>
  seconds < 60
    ? `${seconds} second${seconds === 1 ? '' : 's'}`
    : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

export const MSG = {
  // §5 Sign-up and sign-in
  passwordsDoNotMatch: 'Passwords do not match.',
  selectCollegeAndYear: 'Please select your college and year group.',
  forgotNeedsEmail: 'Please enter your email address to reset your password.',
  resetEmailSent: 'Password reset email sent! Please check your inbox.',
  // §5 Colleges
  collegeNameEmpty: 'College name cannot be empty.',
  confirmationMismatch: 'Confirmation text does not match.',
  // §5 Users
  promoteNeedsScope: 'To promote or update an admin, you must select both a college and a year group.',
  // §8 Authentication
  invalidCredentials: 'Invalid email or password. Please try again.',
  emailExists: 'An account with this email already exists. Please sign in.',
  passwordTooShort: 'Password should be at least 6 characters long.',
  invalidEmail: 'Please enter a valid email address.',
  unexpected: 'An unexpected error occurred. Please try again.',
  // Account reasons beyond the spec's catalogue (server answers for sign-up, reset, verification)
  firstNameRequired: 'Please enter your first name.',
  lastNameRequired: 'Please enter your last name.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  emailNotVerified: 'Please verify your email address to continue.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  /** Issue 17: sign-in attempts on one account (or failures from one address) are limited. */
  signInLimited: (seconds: number) => `Too many sign-in attempts. Please try again in ${waitText(seconds)}.`,
  /** Issue 38: the heavy-task pools (off-thread tasks, HTML sanitising) refuse past their queue (429). */
  serverBusy: (seconds: number) =>
    `The server is busy with other large tasks right now. Please try again in ${waitText(seconds)}.`,
  /** Issue 38: an .apkg export is written within the off-thread task's time and memory bounds. */
  exportTooLarge: 'This deck is too large to export as an Anki package.',
  // Issue 18: the scheduler settings and Undo
  stepsInvalid: 'Write steps as Anki does: numbers with m, h or d, separated by spaces (e.g. 1m 10m).',
  retentionRange: 'Desired retention must be between 70 % and 97 %.',
  answerUndone: 'Answer undone.',
  // Account → Scheduler (issue 18)
  schedulerSaved: 'Saved.',
  schedulerSaveFailed: 'Could not save the scheduler settings. Please try again.',
  retentionHint:
    'The chance of remembering a card when it comes due. Higher means more reviews; lower means more forgetting.',
  retentionHigh: 'Above 95 % the number of reviews grows fast for little gain.',
  limitInvalid: (label: string, max: number) => `${label} must be a whole number from 0 to ${max}.`,
  rescheduleHint:
    'Off: switching changes no due date (cards keep their dates; FSRS takes over at their next review). On: every due date is recomputed by the new scheduler.',
  schedulerConverting: (done: number, total: number) => `Updating cards: ${done} of ${total}`,
  schedulerConverted: (n: number) => `${n} ${n === 1 ? 'card' : 'cards'} updated on this device.`,
  parametersDefault: 'Default parameters',
  parametersPersonal: (reviews: number, date: string) =>
    `Personal parameters from ${reviews.toLocaleString('en')} reviews (${date})`,
  optimizeOffline: 'Optimize needs a connection: you are offline.',
  optimizeRunning: (percent: number) => `Optimizing… ${percent} %`,
  /** Issue 32: a run waiting for the server (other imports and fits of the college first). */
  optimizeQueued: (ahead: number) =>
    ahead === 0
      ? 'Optimizing starts in a moment…'
      : `Queued: ${ahead} ${ahead === 1 ? 'task' : 'tasks'} ahead of yours.`,
  optimizeImproved: 'New personal parameters are in use.',
  optimizeKept: 'The current parameters already fit best.',
  optimizeFew: (reviews: number, needed: number, personal: boolean) =>
    `More reviews are needed to optimize: ${reviews.toLocaleString('en')} of ${needed.toLocaleString('en')}. The ${personal ? 'current' : 'default'} parameters are kept.`,
  /** Issue 38: binding NotEnoughData — the reviews are of too few cards seen again on a later day. */
  optimizeSparse: (cards: number, personal: boolean) =>
    `Not enough reviews to optimize yet: only ${cards.toLocaleString('en')} ${cards === 1 ? 'card was' : 'cards were'} reviewed again on a later day, too few to fit. Keep studying more cards. The ${personal ? 'current' : 'default'} parameters are kept.`,
  /** Issue 38: why a run failed (core OptimizeFailure). */
  optimizeFailure: (reason: OptimizeFailure) =>
    ({
      time: 'Optimizing took too long and was stopped. Your parameters are unchanged.',
      memory: 'Optimizing needed too much memory and was stopped. Your parameters are unchanged.',
      crash: 'Optimizing stopped unexpectedly. Your parameters are unchanged. Please try again later.',
      busy: 'The server is busy: optimizing could not start. Please try again in a few minutes.',
      interrupted: 'Optimizing was interrupted (the server restarted). Please start it again.',
      error: 'Optimizing failed. Please try again later.',
    })[reason],
  /** Issue 38: one run an hour per student, or sooner after 1,000 new reviews (429 + Retry-After). */
  optimizeLimited: (seconds: number, reviewsToGo: number) =>
    `You optimized less than an hour ago. You can optimize again in ${waitText(seconds)}, or after ${reviewsToGo.toLocaleString('en')} more ${reviewsToGo === 1 ? 'review' : 'reviews'}.`,
  nothingToUndo: 'Nothing to undo.',
  /** Issue 17: one student's progress uploads per window are limited (429; the device retries later). */
  /** Issue 20: Account → 'Import Anki progress' is rate limited per student. */
  ankiProgressLimited: (seconds: number) =>
    `You have imported Anki progress several times in the last hour. Please try again in ${waitText(seconds)}.`,
  progressUploadLimited: (seconds: number) =>
    `Too many progress uploads. Your progress is kept on this device and will be sent again in ${waitText(seconds)}.`,
  /** Issue 17: what one student may store on the server is bounded (study records, cards and questions). */
  progressStorageFull: (what: string, max: number) =>
    `Your account has reached its limit of ${max.toLocaleString('en-US')} ${what} on the server. Your progress is kept on this device; please ask your admin for help.`,
  textHasNul: 'Text cannot contain the NUL character.',
  // §8 Session and sign-out notices ('Signed Out' modal)
  mustBeOnlineFirstLogin: 'You must be online for your first login.',
  offlineLoginError: 'An error occurred during offline login.',
  sessionNotStarted: 'Your session could not be started. Please try again.',
  profileNotFound: 'Your user profile could not be found.',
  signedInElsewhere: 'You have been signed in on another device. This session has been logged out.',
  connectionLost: 'Connection to the server was lost.',
  signOutError: 'An error occurred during sign out.',
  /** Issue 9: sign-out could not upload everything (beyond the spec's texts). */
  signOutPendingTitle: 'Sign out with unsaved progress?',
  signOutPendingBody: (n: number) =>
    `${n} study ${n === 1 ? 'change has' : 'changes have'} not reached the server yet. ${n === 1 ? 'It stays' : 'They stay'} on this device and upload${n === 1 ? 's' : ''} when you sign in here again.`,
  /** Issue 9: ops the server refused, set aside on this device. */
  rejectedOps: (n: number) =>
    `${n} study ${n === 1 ? 'change was' : 'changes were'} refused by the server. ${n === 1 ? 'It is' : 'They are'} kept on this device and included in your export.`,
  // §8 Sync
  syncLogin: 'Please log in to sync.',
  syncDelta: 'Performing DELTA SYNC...',
  syncSuccess: 'Sync successful!',
  syncFailed: 'Sync failed.',
  topicSaveFailed: 'Could not save topic content to the local database.',
  // §8 Data export, import and study
  exportFailed: 'Data export failed. Please check the console for details.',
  importFailed: (reason: string) => `Data import failed: ${reason}`,
  readFileFailed: 'Failed to read the selected file.',
  invalidDataFile: 'Invalid or corrupted data file format.',
  prepareStudyFailed: (reason: string) => `Failed to prepare study session: ${reason}`,
  // §8 Content and editors
  topicNotFound: 'Topic not found.',
  deckNotFound: 'Deck not found.',
  contentNotFound: 'Content not found.',
  // §5 HTML page and images
  titleRequired: 'Title is required before saving.',
  pageTopicRequired: 'A topicId is required to create a new page.',
  saveFailed: (reason: string) => `Failed to save: ${reason}`,
  quizNotFound: 'Quiz not found.',
  topicOrAdminMissing: 'Topic or Admin data is not available.',
  editorLoadFailed: 'Failed to load editor data.',
  saveItemFailed: 'Failed to save item.',
  deleteItemFailed: 'Failed to delete item.',
  bulkSaveFailed: 'Could not save the flashcards to the database.',
  // §5 Cards and questions (the editors; bulk import rows reuse them)
  frontBackRequired: 'Both front and back content are required.',
  questionRequired: 'Question text is required.',
  // Issue 20: cloze notes (the deck editor)
  clozeTextRequired: 'The cloze text needs at least one deletion, such as {{c1::answer}}.',
  clozeTooManyDeletions: (max: number) => `A cloze note can have at most ${max} deletion numbers.`,
  clozeCardEditNote: 'This card belongs to a cloze note: edit the note to change it.',
  clozeNoteNotFound: 'Cloze note not found.',
  twoOptionsRequired: 'At least the first two options are required.',
  // §5 Bulk import
  importNameRequired: (kind: 'Flashcards' | 'MCQs') => `Please provide a name for this ${kind} set.`,
  importNoRows: 'No valid data to upload. Please paste valid CSV text.',
  importDelimiter: 'Parsing failed. Please ensure columns are separated by commas.',
  importParseError: 'Error parsing text. Please ensure it is valid CSV.',
  importReadFailed: 'A critical error occurred while reading the text.',
  importEmpty: 'No card data provided to import.',
  /** Issue 22: New Deck / New Quiz — a name is one set per topic (a bulk import of that name adds to it). */
  setNameTaken: (kind: 'deck' | 'quiz') =>
    `This topic already has a ${kind} with this name. Open it from the list or choose another name.`,
  // Bulk import row reasons beyond the spec's catalogue (listed with their row numbers)
  importFrontRequired: 'Front is required.',
  importOptionGap: 'Options must be filled in order, without an empty option between two filled ones.',
  importCorrectOptionInvalid: (value: string) => `Correct option must be 1 to 5 or A to E (got "${value}").`,
  importCorrectOptionEmpty: (n: number) => `The correct option (${n}) is empty.`,
  // Issue 21: question formats (Moodle XML, GIFT, Aiken) — whole-file refusals and per-question reasons
  formatTooLarge: (mb: number) => `This file is larger than ${mb} MB. Import it in smaller parts.`,
  formatTooManyItems: (max: number) =>
    `This file has more than ${max.toLocaleString('en-US')} questions. Import it in smaller parts.`,
  xmlDoctype:
    'This XML file declares a DOCTYPE or entities, which are refused for safety. Export it again from Moodle, or remove the DOCTYPE.',
  xmlInvalid: (reason: string) => `This is not valid XML: ${reason}`,
  xmlNotMoodle: 'This XML is not a Moodle XML question file: it has no <quiz> element.',
  xmlTooManyElements: (max: number) =>
    `This XML file has more than ${max.toLocaleString('en-US')} elements. Import it in smaller parts.`,
  importTooManyOptions: (n: number) => `This question has ${n} options; a question here has at most 5.`,
  importOptionEmpty: 'An option is empty.',
  importNoCorrectOption: 'No option is marked correct.',
  importSeveralCorrect: (n: number) =>
    `${n} options are marked correct; a question here has exactly one correct option.`,
  importPictureMissing: (name: string) => `The picture "${name}" is not in the file.`,
  importPictureType: (name: string) => `The picture "${name}" is not a PNG, JPEG, WebP or GIF image.`,
  importPictureTooLarge: (name: string) => `The picture "${name}" is larger than 10 MB.`,
  importTooManyPictures: (max: number) =>
    `This file has more than ${max.toLocaleString('en-US')} pictures. Import it in smaller parts.`,
  skippedQuestionType: 'Only single-answer multiple-choice and true/false questions can be imported.',
  skippedMultiAnswer: 'It has several right answers (multiple answers); a question here has exactly one.',
  giftSyntax: (line: number, found: string | null) =>
    `This question could not be read as GIFT (${found === null ? 'it ends too early' : `unexpected "${found}" on line ${line}`}). In text, write ~ = # { } : as \\~ \\= \\# \\{ \\} \\:.`,
  giftUnreadable: 'This question could not be read as GIFT.',
  aikenNoAnswer: 'The question has no ANSWER line (for example "ANSWER: B").',
  aikenAnswerUnknown: (letter: string) => `ANSWER: ${letter} names no option of this question.`,
  aikenOptionOrder: (expected: string, got: string) =>
    `Option ${got} should be option ${expected}: options go A, B, C… in order.`,
  /** Issue 17: a card face, question, option or explanation over RESOURCE_TEXT_MAX characters. */
  textTooLong: (max: number) =>
    `A text is longer than ${max.toLocaleString('en-US')} characters. Shorten it.`,
  pageTooLong: (max: number) =>
    `The page is longer than ${max.toLocaleString('en-US')} characters. Split it into several pages.`,
  importCellTooLong: (column: string, max: number) =>
    `${column} is longer than ${max.toLocaleString('en-US')} characters.`,
  // Issue 21: card formats (Quizlet, Anki text) read for import, by line
  importFileTooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB. Import it in smaller parts.`,
  importLineTooLong: (line: number, max: number) =>
    `Line ${line} is longer than ${max.toLocaleString('en-US')} characters. Check the separators chosen, or import it in smaller parts.`,
  importTooManyItems: (max: number, what: 'cards' | 'questions') =>
    `This file has more than ${max.toLocaleString('en-US')} ${what}. Import it in smaller parts.`,
  importNoSeparator: 'No separator between term and definition on this line. Check the separators chosen.',
  importUnclosedQuote: 'A quoted field is not closed (a " is missing).',
  importNoCards: 'No cards found in this text.',
  importAnkiSeparator: (value: string) =>
    `The separator "${value}" is not known: use tab, comma, semicolon, space, pipe, colon or a single character.`,
  skippedClozeNote: (label: string) => `Cloze note '${label}'`,
  skippedClozeReason: 'Zan cards have a front and a back; cloze deletions are not imported.',
  /** Issue 21 export: a deck or quiz saved as a file, or a topic / subject / module as a zip. */
  exportSetDone: (name: string, format: string) => `"${name}" exported as ${format}.`,
  exportSetFailed: 'Could not export this set. Check your connection and try again.',
  exportZipFailed: 'Could not build the export. Check your connection and try again.',
  exportNothing: 'There is nothing to export here yet: no decks, quizzes or lecture pages.',
  // §8 Images
  imageUploadFailedReason: (reason: string) => `Image upload failed: ${reason}`,
  imageUploadFailed: 'Image upload failed. Please try again.',
  imageUploadForbidden: 'You do not have permission to upload images. Please check storage rules.',
  imageUploadUnauthenticated: 'User must be authenticated to upload images.',
  imageNoFile: 'No file provided for upload.',
  imageOptimizationTimedOut:
    'Image optimization timed out. Using original image as a fallback. It may load slower.',
  imagesLoadFailed: 'Failed to load images. A Firestore index may be required.',
  imageDeleteFailed: (reason: string) => `Failed to delete image: ${reason}`,
  /** Issue 17: a multipart body the server cannot read (no boundary, truncated, a field before the file). */
  uploadUnreadable: 'The upload could not be read. Please choose the image and try again.',
  /** Issue 17: an upload's usedIn must be a page or card of the image's college and year group. */
  imageUsedInOutOfScope:
    'An image can only be used in a page or flashcard of its own college and year group.',
  imageNotFound: 'Image not found.',
  /**
   * Issue 17: HTML over the sanitiser's bounds (core HTML_LIMITS). `where` names it: 'The page', 'The
   * front', 'The back of the card "…"'; `card` in importTooManyElements is 'the card "…"'.
   */
  htmlTooManyElements: (where: string, limit: number) =>
    `${where} has more than ${limit.toLocaleString('en-US')} HTML elements. Simplify it or split it.`,
  htmlTooDeep: (where: string, limit: number) =>
    `${where} nests HTML more than ${limit} levels deep. Simplify it.`,
  /** Issue 38: HTML within its input limit that cleaning made longer (closing tags, escapes, link attributes). */
  htmlTooLongCleaned: (where: string, max: number) =>
    `${where} is longer than ${max.toLocaleString('en-US')} characters once cleaned. Simplify it or split it.`,
  htmlTooSlow: (where: string) =>
    `${where} could not be checked within the server's limits. Simplify it or split it.`,
  /** A bulk import body the server could not parse within its memory and time bounds (issue 17). */
  importTooLargeToRead:
    "This import could not be read within the server's limits. Import it in smaller parts.",
  importTooManyElements: (limit: number, card: string) =>
    `This import has more than ${limit.toLocaleString('en-US')} HTML elements in all (the limit is reached at ${card}). Import it in smaller parts.`,
  /** Issue 21: the pictures a bulk import carries (`files`, referred to as `src="zan-import:<name>"`). */
  importFileMissing: (name: string) =>
    `The picture "${name}" is used by the import but its file is not included.`,
  importFileRejected: (name: string, reason: string) => `The picture "${name}" cannot be imported: ${reason}`,
  importFileNotBase64: 'its data is not valid base64.',
  importFilesTooLarge: (mb: number) =>
    `The pictures of this import are larger than ${mb} MB in all. Import it in smaller parts.`,
  /** Issue 21: 'Undo import'. */
  importNotFound: 'Import not found.',
  importAlreadyUndone: 'This import has already been undone.',
  importSetGone: (kind: 'deck' | 'quiz') => `The ${kind} this import wrote to no longer exists.`,
  importEditedSince: (n: number, noun: 'card' | 'question', first: string | null) =>
    `This import cannot be undone: ${n === 1 ? `one ${noun}` : `${n} ${noun}s`} it added or changed ${
      n === 1 ? 'was' : 'were'
    } edited or deleted since${first ? ` (${first})` : ''}.`,
  importUndoFailed: 'Could not undo the import.',
  /** The lecture editor's link dialog (beyond the spec): web and mail links only. */
  linkUrlInvalid: 'Enter a web address (https://… or http://…) or an email link (mailto:…).',
  // Image reasons beyond the spec's catalogue (shown as 'Image upload failed: {reason}')
  imageWrongType: 'Only PNG and JPEG images are accepted.',
  imageTooLarge: 'The file is larger than 10 MB.',
  imageTooManyPixels: 'The image is larger than 50 megapixels.',
  imageUnreadable: 'The image file is damaged or could not be read.',
  loadTopicFailed: 'Failed to load topic details.',
  // §8 Verify screen
  accountCreated: 'Account created successfully! A verification link has been sent to your email.',
  verificationResent: 'A new verification link has been sent!',
  verificationResendFailed: 'Failed to send new email. Please try again later.',
  // §8 Admin
  addCollegeFailed: 'Failed to add college. You may not have superadmin permissions.',
  updateCollegeFailed: 'Failed to update college.',
  deleteCollegeFailed: 'Failed to delete college.',
  addYearFailed: 'Failed to add year group.',
  deleteYearFailed: 'Failed to delete year group.',
  loadUsersFailedIndexes: 'Failed to load users. Please check database permissions and indexes.',
  loadUsersFailed: 'Failed to load users.',
  loadMoreUsersFailed: 'Failed to load more users.',
  deleteUserFailed: (reason: string) => `Failed to delete user: ${reason}`,
  updateRoleFailed: (reason: string) => `Failed to update role: ${reason}`,
  grantFailed: 'Could not grant access.',
  revokeFailed: 'Could not revoke access.',
  fetchCollegeFailed: 'Failed to fetch college data.',
  // Admin reasons beyond the spec's catalogue (server answers for college / user management)
  yearGroupEmpty: 'Year group cannot be empty.',
  collegeNotFound: 'College not found.',
  collegeNameTaken: 'A college with this name already exists.',
  collegeHasContent: (modules: number, announcements: number) =>
    `This college still has ${modules} module(s) and ${announcements} announcement(s). Delete them before deleting the college.`,
  yearGroupInUse: (yearGroup: string, users: number, items: number) =>
    `Year group "${yearGroup}" is still in use by ${users} user(s) and ${items} module(s) or announcement(s). Move them to another year group first.`,
  yearGroupNotInCollege: 'The selected year group does not belong to the selected college.',
  userNotFound: 'User not found.',
  cannotDeleteSelf: 'You cannot delete your own account.',
  lastSuperadmin:
    'You are the last superadmin. Make another user a superadmin before changing your own role.',
  // §5 Module, subject and topic forms; §6 global content
  moduleRequired: 'Module Name, Stage, and College are required.',
  subjectRequired: 'Both subject name and parent module are required.',
  globalSubjectCreateDenied: 'Only Super Admins can create Global Subjects.',
  globalSubjectEditDenied: 'Only Super Admins can edit global subjects',
  topicRequired: 'All fields are required.',
  // §5 Announcements
  announcementRequired: 'Title, Event Date, and Expiration Date are required.',
  announcementExpiryBeforeDate: 'Expiration date cannot be before the event date.',
  announcementSaveFailed: 'Failed to save the announcement. Please try again.',
  // §8 Admin (content)
  loadModuleDataFailed: 'Failed to load module data. A database index might be required.',
  /** 'Failed to save the module/subject/topic...' — the subject variant includes the reason. */
  saveModuleFailed: 'Failed to save the module.',
  saveSubjectFailed: (reason: string) => `Failed to save the subject: ${reason}`,
  saveTopicFailed: 'Failed to save the topic.',
  archivedLoadFailed: (kind: string) => `Could not load archived ${kind}.`,
  loadMoreFailed: (kind: string) => `Failed to load more ${kind}.`,
  restoreFailed: (type: string) => `Failed to restore ${type}.`,
  errorReason: (reason: string) => `Error: ${reason}`,
  deleteGlobalModuleFailed: (reason: string) => `Error deleting global module: ${reason}`,
  /** §8 Content and editors: '{Resource} not found.' */
  resourceNotFound: (resource: string) => `${resource} not found.`,
  // Content reasons beyond the spec's catalogue (server answers for the admin content API)
  stageMin: 'Stage must be a number of at least 1.',
  subjectNotInModule: 'The selected subject does not belong to the selected module.',
  makeGlobalDenied: 'Only Super Admins can mark a topic global, and only under a global parent.',
  globalModuleDenied: 'Only Super Admins can create or edit global modules.',
  globalTopicDenied: 'Only Super Admins can edit or archive global topics.',
  outOfScope: 'This item is outside the college and year group you manage.',
  scopeRequired: 'Please select a college and a year group.',
  notArchived: 'This item is not archived.',
  notGlobalModule: 'This module is not a global module.',
  moduleNotGrantable:
    "This module cannot be granted: it must be paid, not archived and in the user's college and year group.",
  moduleAlreadyOwned: 'The user already has access to this module.',
  moduleNotOwned: 'The user does not have access to this module.',
  searchFailed: 'Search failed. Please try again.',
  // §8 Crash screen
  crash: 'Something went wrong. An unexpected error has occurred. Please try refreshing the page.',
  // Access denied panel (SPEC §2)
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody:
    'You do not have the necessary permissions to view this content. This area is restricted to administrators.',
  notFound: '404: Page Not Found',
  loadingProfile: 'Loading user profile',
  // Issue 18: the daily review
  reviewAllDue: 'Review all due',
  dueCount: (n: number) => `${n.toLocaleString('en-US')} due`,
  freeModeBanner: 'Free mode: answers are not scheduled',
  backToSrs: 'Back to SRS',
  nextCardDue: (when: string) => `The next card is due ${when}.`,
  noCardScheduled: 'No card is scheduled yet.',
  reviewDone: 'You are done for now.',
  reviewNothing: 'Nothing to review right now: no card is due and no new card is left for today.',
  reviewLimitLeft: (due: number, fresh: number) =>
    `Today's limits hold back ${due} due and ${fresh} new ${due + fresh === 1 ? 'card' : 'cards'}.`,
  reviewNotDownloaded: (n: number) =>
    `${n} ${n === 1 ? 'topic is' : 'topics are'} not on this device yet; their cards are not in this session.`,
  keepModules: 'Keep my modules on this device',
  keepModulesHint:
    'After the first sync on a device, every module is downloaded for offline study (unless it would take more than 500 MB) and refreshed at every sync.',
  timerPausedIdle: 'Timer paused: no activity for 5 minutes.',
  timerPausedHidden: 'Timer paused while the page is hidden.',
} as const;

/** Success notices of SPEC §8 that carry a value. */
export const NOTICE = {
  userDeleted: 'User deleted.',
  roleUpdated: (role: string) => `Role updated to ${role}.`,
  accessGranted: 'Access granted.',
  accessRevoked: 'Access revoked.',
  dataExported: 'Data exported successfully!',
  dataImported: (n: number) => `Successfully imported ${n} records.`,
  /** '{Type} restored successfully!' (Type: Module, Subject, Topic). */
  restored: (type: string) => `${type} restored successfully!`,
  /** '{Type} permanently deleted.' */
  permanentlyDeleted: (type: string) => `${type} permanently deleted.`,
  /** '{module} has been permanently deleted.' (Global Modules tab). */
  globalModuleDeleted: (module: string) => `${module} has been permanently deleted.`,
} as const;
