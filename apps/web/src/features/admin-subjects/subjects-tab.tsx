// Subjects tab (/dashboard/subjects): every subject of the caller's scope.
import { SubjectList } from './components/subject-list.tsx';

export function SubjectsTab() {
  return (
    <SubjectList
      title="Subjects"
      description="The subjects of every module you manage. A subject name opens its topics."
    />
  );
}
