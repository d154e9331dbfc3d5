// Topics tab (/dashboard/topics): every topic of the caller's scope, searchable by topic, subject or module.
import { TopicList } from './components/topic-list.tsx';

export function TopicsTab() {
  return (
    <TopicList title="Topics" description="Search by topic, subject or module. A row opens the topic." />
  );
}
