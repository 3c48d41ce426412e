import { Breadcrumb } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link, useMatches } from 'react-router';
import { breadcrumbItems } from './breadcrumbs';

/** The trail of the current page, from each matched route's crumb. */
export function Breadcrumbs() {
  const items = breadcrumbItems(useMatches());
  if (items.length === 0) return null;
  return (
    <Breadcrumb.Root size="sm" minW="0" data-testid="breadcrumbs">
      <Breadcrumb.List flexWrap="nowrap" overflow="hidden">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <Fragment key={`${item.href}:${item.label}`}>
              <Breadcrumb.Item minW="0">
                {last ? (
                  <Breadcrumb.CurrentLink truncate>{item.label}</Breadcrumb.CurrentLink>
                ) : (
                  <Breadcrumb.Link asChild truncate>
                    <Link to={item.href}>{item.label}</Link>
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
