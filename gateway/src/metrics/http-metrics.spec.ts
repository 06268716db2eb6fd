import { Registry } from 'prom-client';
import { HttpMetrics, httpStatusLabel, methodLabel, UNMATCHED, untaggedRoute } from './http-metrics';
import { EventEmitter } from 'events';
import type { IncomingMessage, ServerResponse } from 'http';

// The label rules of the gateway's HTTP metrics: route patterns, never paths; a bounded set of methods and statuses.

describe('HTTP metrics labels', () => {
  it('gives the requests served before fastify the pattern of their door, and any other path one unmatched series', () => {
    expect(untaggedRoute('/acc-123/_find')).toBe('/:db/_find');
    expect(untaggedRoute('/usr-9/_find?x=1')).toBe('/:db/_find');
    expect(untaggedRoute('/files/acc-123/some/file.pdf')).toBe('/files/*');
    expect(untaggedRoute('/dav/acc-123/')).toBe('/dav/*');
    expect(untaggedRoute('/acc-123/_imports')).toBe('/:db/_imports');
    expect(untaggedRoute('/some/unknown/path/with-an-id-4711')).toBe(UNMATCHED);
    expect(untaggedRoute(undefined)).toBe(UNMATCHED);
  });

  it('keeps the HTTP and WebDAV methods and folds anything else into OTHER', () => {
    expect(['GET', 'POST', 'PROPFIND', 'MKCOL'].map(methodLabel)).toEqual(['GET', 'POST', 'PROPFIND', 'MKCOL']);
    expect(['BREW', 'get', undefined].map(methodLabel)).toEqual(['OTHER', 'OTHER', 'OTHER']);
  });

  it('labels a finished response by its status and one cut short as aborted', () => {
    expect(httpStatusLabel({ writableFinished: true, statusCode: 404 })).toBe('404');
    expect(httpStatusLabel({ writableFinished: false, statusCode: 200 })).toBe('aborted');
  });

  it('observes a request when its response closes, under the pattern of its path', async () => {
    const registry = new Registry();
    const http = new HttpMetrics(registry);
    const res = Object.assign(new EventEmitter(), { writableFinished: true, statusCode: 200 });
    http.track({ method: 'POST', url: '/acc-1/_find' } as IncomingMessage, res as unknown as ServerResponse);
    res.emit('close');
    expect(await registry.metrics()).toContain('http_request_duration_seconds_count{method="POST",route="/:db/_find",status="200"} 1');
  });
});
