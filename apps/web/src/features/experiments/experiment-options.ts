import type { Experiment } from '@journey/contracts';

/** A select's choices of experiment (docs/decisions/082-experiment-money.md): None, then each by its title. */
export function experimentOptions(experiments: readonly Pick<Experiment, 'id' | 'title'>[] = []) {
  return [
    { value: '', label: 'None' },
    ...experiments.map(({ id, title }) => ({ value: String(id), label: title })),
  ];
}

/** An experiment's id as a select holds it: '' for none. */
export const experimentChoice = (id: number | null) => (id === null ? '' : String(id));
