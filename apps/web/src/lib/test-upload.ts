/* Tests only: an XMLHttpRequest that records PUT uploads and answers them, with progress. */

export type SentPut = { url: string; headers: Record<string, string>; body: unknown };

/**
 * A fake XMLHttpRequest for PUT uploads: records what was sent, reports progress in two steps and
 * answers `answer(put)` (status and JSON text).
 */
export function fakeXhr(answer: (put: SentPut) => { status: number; body: unknown }) {
  const sent: SentPut[] = [];
  class FakeXhr {
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: Blob) {
      const put = { url: this.url, headers: this.headers, body };
      sent.push(put);
      const total = body.size;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(total / 2), total });
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: total, total });
          const a = answer(put);
          this.status = a.status;
          this.responseText = JSON.stringify(a.body);
          this.onload?.();
        }, 5);
      }, 5);
    }
  }
  return { FakeXhr, sent };
}
