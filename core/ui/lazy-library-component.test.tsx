import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
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

  it('can render what it wraps while the code loads: a column title without its filter button', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    function FilterButton({ children }: { children: ReactNode }) {
      return (
        <span>
          {children} <button type="button">Filter</button>
        </span>
      );
    }
    const LazyFilter = lazyLibraryComponent(
      async () => {
        await arrived;
        return FilterButton;
      },
      (props: { children: ReactNode }) => props.children,
    );
    render(<LazyFilter>Status</LazyFilter>);
    expect(screen.getByText('Status')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filter' })).not.toBeInTheDocument();
    arrive();
    expect(await screen.findByRole('button', { name: 'Filter' })).toBeInTheDocument();
    expect(screen.getByText(/Status/)).toBeInTheDocument();
  });
});
