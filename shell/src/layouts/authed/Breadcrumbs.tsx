import { Breadcrumb } from '@chakra-ui/react';
import { useCurrentUser, type NamedCrumb } from '@quarry/shared';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Link, useMatches, type Params } from 'react-router';
import { breadcrumbItems } from './breadcrumbs';

/**
 * The name of what a page shows, read through the page's own query: the same key, so when
 * the page has loaded it (or is loading it) the crumb shares that answer instead of asking
 * again. The crumb never refetches on its own (`staleTime`): the page keeps it fresh.
 */
function NamedCrumbLabel({ crumb, params }: { crumb: NamedCrumb; params: Params }) {
  const userId = useCurrentUser()?.id;
  const options = crumb.query(params, userId);
  const { data } = useQuery({ ...options, staleTime: Infinity, refetchOnWindowFocus: false });
  const name = data === undefined ? undefined : crumb.name(data);
  return <span data-crumb-state={name ? 'named' : 'pending'}>{name || crumb.placeholder}</span>;
}

/** The trail of the current page, from each matched route's crumb. */
export function Breadcrumbs() {
  const items = breadcrumbItems(useMatches());
  if (items.length === 0) return null;
  return (
    <Breadcrumb.Root size="sm" minW="0" data-testid="breadcrumbs">
      <Breadcrumb.List flexWrap="nowrap" overflow="hidden">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          const label = item.named ? <NamedCrumbLabel crumb={item.named} params={item.params} /> : item.label;
          return (
            <Fragment key={`${item.href}:${item.label}`}>
              {/* the page's own crumb gives way first: the trail before it keeps its words
                  (up to a width) instead of shrinking to a few letters on a phone */}
              <Breadcrumb.Item minW="0" flexShrink={last ? 1 : 0} maxW={last ? undefined : { base: '7rem', md: '14rem' }}>
                {last ? (
                  <Breadcrumb.CurrentLink truncate>{label}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild truncate>
                    <Link to={item.href}>{label}</Link>
                  </Breadcrumb.Link>
                )}
              </Breadcrumb.Item>
              {last ? null : <Breadcrumb.Separator />}
            </Fragment>
          );
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
