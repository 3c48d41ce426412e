import { renderRoute } from '@quarry/shared/testing';
import { screen, within } from '@testing-library/react';
import { ReviewChecks } from './ReviewChecks';

const FILE = '11111111-1111-4111-8111-111111111111';

describe('the checks of an extraction, on the monitors', () => {
  it('counts failed and passed checks and links to each file that failed one', () => {
    renderRoute(<ReviewChecks summary={{ failed: 2, passed: 1, files: [{ file_id: FILE, filename: 'bad-sums.pdf', failed: 2 }] }} />);
    expect(screen.getByTestId('review-checks-failed')).toHaveTextContent('2');
    expect(screen.getByText('Failed checks')).toBeInTheDocument();
    const alert = screen.getByTestId('review-checks');
    expect(within(alert).getByText(/2 checks failed in 1 file/)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'bad-sums.pdf (2)' })).toHaveAttribute('href', `/files/${FILE}?tab=extraction`);
  });

  it('all passed: the counts and no warning; an older job without checks shows nothing', () => {
    const { unmount } = renderRoute(<ReviewChecks summary={{ failed: 0, passed: 3, files: [] }} />);
    expect(screen.getByTestId('review-checks-failed')).toHaveTextContent('0');
    expect(screen.queryByText(/checks? failed in/)).not.toBeInTheDocument();
    unmount();
    renderRoute(<ReviewChecks summary={undefined} />);
    expect(screen.queryByText('Failed checks')).not.toBeInTheDocument();
  });
});
