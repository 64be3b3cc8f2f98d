import '@ant-design/v5-patch-for-react-19';
import { screen } from '@testing-library/react';
import { message } from 'antd';
import { AntdNotifier } from './antd-notifier';

describe('AntdNotifier', () => {
  // Closing toasts animate out on timers and React's scheduler; tests/setup/web-setup.ts clears the file's timers
  // and drains the scheduler while jsdom still exists.
  afterEach(() => message.destroy());

  it('shows errors, successes and infos as toasts of their kind', async () => {
    const notifier = new AntdNotifier();

    notifier.error('Please try again');
    notifier.success('Profile updated successfully');
    notifier.info('Portal not found');

    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Portal not found')).toBeInTheDocument();
    expect(document.querySelector('.ant-message-error')).toHaveTextContent('Please try again');
    expect(document.querySelector('.ant-message-success')).toHaveTextContent('Profile updated successfully');
    expect(document.querySelector('.ant-message-info')).toHaveTextContent('Portal not found');
  });

  it('shows the same message raised by several failing requests once', async () => {
    const notifier = new AntdNotifier();

    for (let i = 0; i < 5; i += 1) notifier.error('Server unreachable');
    // Toasts render in order, so once this one is on screen the five before it are too.
    notifier.info('All queued toasts rendered');
    await screen.findByText('All queued toasts rendered');

    expect(screen.getAllByText('Server unreachable')).toHaveLength(1);
  });
});
