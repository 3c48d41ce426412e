import type { JobUpdateMessage } from '@quarry/shared';
import { countByType, nextCurrentStatus, pipelineUpdateSource, sortChildren, trackChild, type ChildJob } from './pipelineUpdates';

const P = 'pipe-1';
const msg = (job_id: string, context: Record<string, unknown> = {}, extra: Partial<JobUpdateMessage> = {}): JobUpdateMessage => ({
  type: 'job_update',
  job_id,
  status: 'running',
  data: { message: 'm', timestamp: '2025-01-01T00:00:00Z', context, progress: { percentage: 40 } },
  ...extra,
});

describe('pipeline update acceptance', () => {
  it('accepts its own, its children and aggregated updates, labelled by source', () => {
    expect(pipelineUpdateSource(msg(P), P)).toBe('pipeline');
    expect(pipelineUpdateSource(msg(P, { aggregated_from_children: true }), P)).toBe('aggregated');
    expect(pipelineUpdateSource(msg('child-1', { pipeline_root_id: P, job_type: 'ocr' }), P)).toBe('child');
  });

  it('refuses other jobs and other pipelines', () => {
    expect(pipelineUpdateSource(msg('other'), P)).toBeNull();
    expect(pipelineUpdateSource(msg('child-9', { pipeline_root_id: 'pipe-2' }), P)).toBeNull();
    expect(pipelineUpdateSource(msg('pipe-2', { aggregated_from_children: true }), P)).toBeNull();
  });
});

const child = (id: string, job_type: string, status: string): ChildJob => ({ id, job_type, status, last_update: '', message: '', progress: 0, context: {} });

describe('child jobs', () => {
  it('sort by type (ocr, chunking, extraction) then status (running, processing, completed, failed)', () => {
    const sorted = sortChildren([
      child('e', 'extraction', 'running'),
      child('c2', 'chunking', 'failed'),
      child('o1', 'ocr', 'completed'),
      child('c1', 'chunking', 'running'),
      child('o2', 'ocr', 'running'),
      child('o3', 'ocr', 'failed'),
    ]);
    expect(sorted.map((c) => c.id)).toEqual(['o2', 'o1', 'o3', 'c1', 'c2', 'e']);
  });

  it('are tracked per id with the latest status, message and progress; counted per type', () => {
    let m = trackChild(new Map(), msg('c1', { pipeline_root_id: P, job_type: 'ocr' }));
    m = trackChild(m, msg('c1', { pipeline_root_id: P, job_type: 'ocr' }, { status: 'completed', data: { message: '', progress: { percentage: 100 }, context: { pipeline_root_id: P } } }));
    m = trackChild(m, msg('c2', { pipeline_root_id: P, job_type: 'chunking' }));
    expect(m.size).toBe(2);
    expect(m.get('c1')).toMatchObject({ job_type: 'ocr', status: 'completed', progress: 100, message: 'm' });
    expect(countByType([...m.values()])).toEqual({ ocr: 1, chunking: 1, extraction: 0 });
  });

  it('a child update sets the current status only when there is none', () => {
    expect(nextCurrentStatus(null, 'child', 'child')).toBe('child');
    expect(nextCurrentStatus('pipe', 'child', 'child')).toBe('pipe');
    expect(nextCurrentStatus('pipe', 'agg', 'aggregated')).toBe('agg');
    expect(nextCurrentStatus('agg', 'pipe2', 'pipeline')).toBe('pipe2');
  });
});
