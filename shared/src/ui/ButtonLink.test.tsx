import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderUi } from '../testing/render';
import { ButtonLink } from './ButtonLink';

it('is one link to the path, with the button props on it', () => {
  renderUi(
    <MemoryRouter>
      <ButtonLink to="/files" size="sm" variant="outline" aria-label="Open the files">
        Go to Files
      </ButtonLink>
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'Open the files' });
  expect(link).toHaveAttribute('href', '/files');
  expect(link).toHaveTextContent('Go to Files');
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
