import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../testing/render';
import { ClampedProgress } from './ClampedProgress';
import { EmptyState, ErrorState, LoadingState, PageHeader } from './states';

describe('ClampedProgress', () => {
  it.each([
    [-20, '0'],
    [42, '42'],
    [150, '100'],
    [Number.NaN, '0'],
  ])('value %d → aria-valuenow %s', (value, now) => {
    renderUi(<ClampedProgress value={value} showValue label="OCR" />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', now);
    expect(screen.getByText(`${now}%`)).toBeInTheDocument();
    expect(screen.getByText('OCR')).toBeInTheDocument();
  });
});

describe('EmptyState, LoadingState, ErrorState, PageHeader', () => {
  it('EmptyState shows title, description and action', () => {
    renderUi(<EmptyState title="No datasets found" description="Create your first dataset to get started." action={<button>Create Dataset</button>} />);
    expect(screen.getByText('No datasets found')).toBeInTheDocument();
    expect(screen.getByText('Create your first dataset to get started.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Dataset' })).toBeInTheDocument();
  });

  it('LoadingState is a status with a spinner and text', () => {
    renderUi(<LoadingState text="Loading files..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading files...');
  });

  it('ErrorState shows title and message, and Retry only when asked', async () => {
    const retry = jest.fn();
    const { rerender } = renderUi(<ErrorState title="Error Loading Requests" message="Failed to load credit requests" onRetry={retry} />);
    expect(screen.getByText('Error Loading Requests')).toBeInTheDocument();
    expect(screen.getByText('Failed to load credit requests')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    rerender(<ErrorState message="x" />);
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('PageHeader renders an h1 with description and actions', () => {
    renderUi(<PageHeader title="Files & Datasets" description="Upload and organise" actions={<button>Refresh</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Files & Datasets' })).toBeInTheDocument();
    expect(screen.getByText('Upload and organise')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });
});
