import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyLibraryComponent } from './lazy-library-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyLibraryComponent', () => {
  it('renders nothing in its place until the code arrives, then the component with its props; what is around it stays', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const LazyGreeting = lazyLibraryComponent(async () => {
      await arrived;
      return Greeting;
    });
    render(
      <div>
        <h1>Page</h1>
        <LazyGreeting name="Ada" />
      </div>,
    );
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByText('Hello Ada')).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
  });
});
