import { describe, expect, it } from 'vitest';
import { groupModules, type DashboardModule } from './group-modules.ts';

const mod = (over: Partial<DashboardModule> & { id: string }): DashboardModule => ({
  name: over.id,
  stage: 1,
  isGlobal: false,
  isFree: true,
  extraInfo: null,
  subjectCount: 0,
  ...over,
});

describe('groupModules', () => {
  it('puts Global first, then UG-{stage} in descending order, then Other', () => {
    const groups = groupModules([
      mod({ id: 'a', stage: 1 }),
      mod({ id: 'b', stage: 3 }),
      mod({ id: 'g', stage: 2, isGlobal: true }),
      mod({ id: 'c', stage: null }),
      mod({ id: 'd', stage: 2 }),
      mod({ id: 'e', stage: 3 }),
    ]);
    expect(groups.map((g) => g.title)).toEqual(['Global', 'UG-3', 'UG-2', 'UG-1', 'Other']);
    expect(groups.map((g) => g.modules.map((m) => m.id))).toEqual([['g'], ['b', 'e'], ['d'], ['a'], ['c']]);
  });

  it('sorts modules by name within a group and leaves out empty groups', () => {
    const groups = groupModules([
      mod({ id: '1', name: 'Zoology', stage: 2 }),
      mod({ id: '2', name: 'anatomy', stage: 2 }),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.modules.map((m) => m.name)).toEqual(['anatomy', 'Zoology']);
  });

  it('has no groups without modules', () => {
    expect(groupModules([])).toEqual([]);
  });
});
