import { useEffect, useRef, useState, type ReactNode } from 'react';
import { videoPosterPlaceholderUrl, videoSourceUrl } from '@piste/media';
import { useMediaConfig } from '../../components/image';
import { useDisplayText } from '../../lib/display-text';
import { useReducedMotion } from './use-reduced-motion';
import styles from './banner.module.css';

interface BannerVideoProps {
  videoId: string;
  /** The poster image, shown until the video plays and whenever it cannot. */
  poster: ReactNode;
}

/**
 * A banner's background video: the media service's 720p mp4 (spec §9 "Video at 720p mp4"),
 * muted, looping and inline. It plays by itself only without prefers-reduced-motion and only
 * while on screen; a button pauses and resumes it, since moving content that starts by itself
 * must be stoppable (WCAG 2.2.2). The video is decorative: the poster carries the alt text.
 *
 * Layers, bottom up (spec §7 'Media service': "Video poster requested at 15x15 jpg"): the
 * video with the media service's 15x15 poster frame, drawn before any script runs or image
 * loads; over it the poster image; once frames play the poster image fades and the video shows.
 */
export function BannerVideo({ videoId, poster }: BannerVideoProps) {
  const media = useMediaConfig();
  const t = useDisplayText();
  const videoRef = useRef<HTMLVideoElement>(null);
  const reducedMotion = useReducedMotion();
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [started, setStarted] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || reducedMotion || pausedByVisitor) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) play(video);
      else video.pause();
    });
    observer.observe(video);
    return () => observer.disconnect();
  }, [reducedMotion, pausedByVisitor]);

  const toggle = () => {
    const video = videoRef.current;
    if (!video) return;
    setPausedByVisitor(playing);
    if (playing) video.pause();
    else play(video);
  };

  return (
    <>
      <video
        ref={videoRef}
        className={styles.video}
        data-started={started ? '' : undefined}
        muted
        loop
        playsInline
        preload="none"
        poster={videoPosterPlaceholderUrl(media.baseUrl, media.alias, videoId)}
        aria-hidden="true"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onPlaying={() => setStarted(true)}
      >
        <source src={videoSourceUrl(media.baseUrl, media.alias, videoId)} type="video/mp4" />
      </video>
      {poster}
      <button
        type="button"
        className={styles.videoToggle}
        aria-label={t(playing ? 'Pause background video' : 'Play background video')}
        onClick={toggle}
      >
        <span className={playing ? styles.pauseIcon : styles.playIcon} aria-hidden="true" />
      </button>
    </>
  );
}

function play(video: HTMLVideoElement) {
  // Set as a property too: browsers only let muted videos start without a gesture.
  video.muted = true;
  // Refused when the browser blocks playback or a pause interrupts it: the poster stays and the
  // button still offers Play, so there is nothing to report.
  video.play().catch(() => undefined);
}
