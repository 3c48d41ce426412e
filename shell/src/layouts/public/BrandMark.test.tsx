import { siteKeys } from '@quarry/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { BrandMark } from './BrandMark';
import { renderAt } from './testUtils';

describe('BrandMark', () => {
  it('shows the site name set by an administrator', () => {
    const client = new QueryClient();
    client.setQueryData(siteKeys.publicSettings(), { site_name: 'Ore Works' });
    renderAt('/', <BrandMark />, client);
    expect(screen.getByRole('link', { name: 'Ore Works home' })).toHaveTextContent('Ore Works');
  });

  it('shows the default name until the server answers', () => {
    renderAt('/', <BrandMark to="/files" label={(name) => name} />);
    expect(screen.getByRole('link', { name: 'Quarry' })).toHaveAttribute('href', '/files');
  });
});
