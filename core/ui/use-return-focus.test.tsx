import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useReturnFocus } from './use-return-focus';

function Dialog({ onClose }: { onClose: () => void }) {
  useReturnFocus();
  return (
    <div role="dialog" aria-label="Example">
      <button autoFocus onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <button>Elsewhere</button>
      {open && <Dialog onClose={() => setOpen(false)} />}
    </>
  );
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('useReturnFocus', () => {
  it('gives focus back to the opener when a dialog mounted while open leaves the page', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    act(() => opener.click());
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await nextFrame();
    expect(opener).toHaveFocus();
  });

  it('leaves focus where the user put it on purpose', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    act(() => opener.click());
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => {
      elsewhere.focus();
      screen.getByRole('button', { name: 'Close' }).click();
    });
    await nextFrame();
    expect(elsewhere).toHaveFocus();
  });
});
