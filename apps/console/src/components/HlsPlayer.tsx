import { Alert, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * Plays a signed HLS playlist URL (the same record.play URL apps get, on the public cloud-storage host) with
 * hls.js through Media Source Extensions; Safari plays HLS natively. A fatal player error is shown as such
 * (an expired URL answers 403: fetch a new one). Mount it keyed by the URL, so each clip starts afresh.
 */
export function HlsPlayer({ url, label }: { url: string; label: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const element = video.current;
    if (!element) return undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // hls.js is a third of the console's code: loaded only when a recording is played.
    void import('hls.js').then(({ default: Hls }) => {
      if (cancelled) return;
      if (Hls.isSupported()) {
        const hls = new Hls({ enableWorker: true });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setError(`${data.type}: ${data.details}${data.response ? ` (HTTP ${data.response.code})` : ''}`);
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        stop = () => hls.destroy();
      } else if (element.canPlayType('application/vnd.apple.mpegurl')) {
        element.src = url;
        stop = () => element.removeAttribute('src');
      } else {
        setError('this browser cannot play HLS');
      }
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [url]);
  return (
    <div>
      {/* Recordings are muted camera video: there is no audio to caption. */}
      <video ref={video} controls muted autoPlay playsInline aria-label={label} data-testid="player" style={{ width: '100%', maxWidth: 720, background: '#000' }} />
      {error ? (
        <Alert color="red" variant="light" title="The recording could not be played" role="alert">
          <Text size="sm">{error}</Text>
        </Alert>
      ) : null}
    </div>
  );
}
