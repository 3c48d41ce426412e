import { screen } from '@testing-library/react';
import { formatDateTime } from '@quarry/shared';
import { renderUi } from '@quarry/shared/testing';
import { LastSaved } from './LastSaved';

it('says when the settings were last saved', () => {
  renderUi(<LastSaved updatedAt="2026-03-01T10:00:00.000Z" />);
  expect(screen.getByText(`Last saved ${formatDateTime('2026-03-01T10:00:00.000Z')}`)).toBeInTheDocument();
});

it('says the defaults are shown when nothing was saved', () => {
  renderUi(<LastSaved updatedAt={null} />);
  expect(screen.getByText('Not saved yet: these are the defaults.')).toBeInTheDocument();
});
