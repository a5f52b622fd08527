import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from './notify';

const titles = () => {
  const { notifications: shown, queue } = notificationsStore.getState();
  return { shown: shown.map((toast) => toast.title), queue: queue.map((toast) => toast.title) };
};

describe('toasts', () => {
  afterEach(() => notifications.clean());

  it('replaces the toast on screen at once instead of queueing the newer one behind it', () => {
    notifyError('Login failed', 'Invalid username or password');
    notifySuccess('Login successful', 'Welcome to the Unicorn admin panel!');
    expect(titles()).toEqual({ shown: ['Login successful'], queue: [] });
  });

  it('keeps only the latest of several toasts', () => {
    notifySuccess('Revenue added');
    notifyError('Error', 'There was a problem adding your revenue entry.');
    notifySuccess('Milestone added');
    expect(titles()).toEqual({ shown: ['Milestone added'], queue: [] });
  });
});
