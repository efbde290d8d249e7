import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { trackPendingWork, type TimerHost } from './pending-work.ts';
import { pendingWork } from './track-work.ts';

/** A host of its own over the real timers, so these tests do not touch the file's tracker. */
function freshHost(): { host: TimerHost; work: ReturnType<typeof trackPendingWork> } {
  const host: TimerHost = { ...pendingWork.real };
  return { host, work: trackPendingWork(host) };
}

const wait = (ms: number) => new Promise<void>((resolve) => pendingWork.real.setTimeout(() => resolve(), ms));

describe('pending work of a web test file', () => {
  it('counts a timeout, an interval and an immediate until each has run or been cleared', async () => {
    const { host, work } = freshHost();
    const ran: string[] = [];
    host.setTimeout(() => ran.push('timeout'), 5);
    const interval = host.setInterval(() => ran.push('interval'), 5);
    host.setImmediate!(() => ran.push('immediate'));
    expect(work.pending()).toEqual({ timeouts: 1, intervals: 1, immediates: 1 });

    await wait(40);
    expect(ran).toContain('timeout');
    expect(ran).toContain('immediate');
    expect(work.pending()).toEqual({ timeouts: 0, intervals: 1, immediates: 0 });
    host.clearInterval(interval);
    expect(work.pending().intervals).toBe(0);
    work.close();
  });

  it('cancels what still waits when closed, and runs nothing started afterwards', async () => {
    const { host, work } = freshHost();
    const ran: string[] = [];
    host.setTimeout(() => ran.push('toast close'), 10);
    host.setInterval(() => ran.push('poll'), 10);
    host.setImmediate!(() => ran.push('render'));
    work.close();
    host.setTimeout(() => ran.push('late timeout'), 0);
    host.setImmediate!(() => ran.push('late render'));
    await wait(60);
    expect(ran).toEqual([]);
    expect(work.pending()).toEqual({ timeouts: 0, intervals: 0, immediates: 0 });
  });

  it('drains a chain of immediates however many turns it takes, and gives up after its limit', async () => {
    const { host, work } = freshHost();
    let turns = 0;
    const next = () => {
      if (++turns < 20) host.setImmediate!(next);
    };
    host.setImmediate!(next);
    await work.drain(10_000);
    expect(turns).toBe(20);

    const forever = () => host.setImmediate!(forever);
    forever();
    const started = Date.now();
    await work.drain(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    work.close();
  });

  it("counts React's scheduled renders: the tracker is in place before React loads", async () => {
    let bump!: () => void;
    function Counter() {
      const [n, setN] = useState(0);
      useEffect(() => {
        bump = () => setN((v) => v + 1);
      }, []);
      return <p data-testid="count">{n}</p>;
    }
    render(<Counter />);
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      bump(); // outside act: React queues the render on its scheduler
      await Promise.resolve();
      await Promise.resolve();
      expect(pendingWork.pending().immediates).toBeGreaterThan(0);
      await pendingWork.drain(10_000);
      expect(screen.getByTestId('count').textContent).toBe('1');
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('lets a findBy return only once React has run the effects its render set off', async () => {
    // Each step's effect asks for the next render, one scheduler task apart, as a page's effects do after a fetch.
    function Chain() {
      const [step, setStep] = useState(0);
      useEffect(() => {
        const timer = setTimeout(() => setStep(1), 5);
        return () => clearTimeout(timer);
      }, []);
      useEffect(() => {
        if (step > 0 && step < 30) setStep(step + 1);
      }, [step]);
      return step > 0 ? <p data-testid="chain" data-step={step} /> : null;
    }
    render(<Chain />);
    expect((await screen.findByTestId('chain')).dataset.step).toBe('30');
  });
});
