import { useCreators } from '../../../lib/creators.ts';

/** spec 1/9: top creators, first 8. */
export const topCreatorsCount = 8;

export function useTopCreators() {
  return useCreators(topCreatorsCount);
}
