// Admin topics: the Topics tab, a subject's topics page and the topic page (/admin/topic/{topicId}).
export { TopicPage } from './topic-page.tsx';
export { TopicsPage } from './topics-page.tsx';
export { TopicsTab } from './topics-tab.tsx';
