import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

describe('navigation progress bar (spec §2)', () => {
  it('shows while the next page loads, and goes once it is there', async () => {
    const app = renderApp('/about');
    await screen.findByTestId('page-about');
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => void app.router.navigate('/policy'));
    // The policy page's chunk is fetched on first visit: the bar shows meanwhile, over the page being left.
    expect(screen.getByRole('progressbar', { name: '页面加载中' })).toBeTruthy();
    expect(screen.getByTestId('page-about')).toBeTruthy();
    await screen.findByTestId('page-policy');
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
