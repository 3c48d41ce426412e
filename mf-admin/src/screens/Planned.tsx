import { PlannedScreen, crumbLabel, type RouteHandle } from '@quarry/shared';
import { useMatches, type UIMatch } from 'react-router';

/** Titles itself from the deepest crumb of the current route. */
export default function Planned() {
  const matches = useMatches() as UIMatch<unknown, RouteHandle>[];
  const title = [...matches].reverse().map(crumbLabel).find(Boolean) ?? 'Coming soon';
  return <PlannedScreen title={title} />;
}
