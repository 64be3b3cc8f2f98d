import { render } from '@testing-library/react';
import { TaggedText } from './tagged-text';

describe('TaggedText', () => {
  it('renders each named tag as its element, with the text around it kept', () => {
    const { container } = render(
      <p>
        <TaggedText
          text="Agree to the <terms>Terms</terms> and the <privacy>Privacy Policy</privacy>."
          components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" target="_blank" /> }}
        />
      </p>,
    );
    expect(container.querySelector('p')!.innerHTML).toBe(
      'Agree to the <a href="/terms">Terms</a> and the <a href="/privacy" target="_blank">Privacy Policy</a>.',
    );
  });

  it('leaves a tag without a component, and a broken one, as written', () => {
    const { container } = render(
      <p>
        <TaggedText text="<x>one</x> <terms>two</terms> <terms>three" components={{ terms: <b /> }} />
      </p>,
    );
    expect(container.querySelector('p')!.textContent).toBe('<x>one</x> two <terms>three');
    expect(container.querySelectorAll('b')).toHaveLength(1);
  });
});
