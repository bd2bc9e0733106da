/**
 * The project's own artwork (DESIGN D15) as responsive AVIF/WebP with its intrinsic size, so the
 * browser reserves the space (no layout shift) and picks the smallest file that fits.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { ARTWORK } from '../artwork/manifest.ts';

interface PictureProps {
  name: string;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, e.g. "(min-width: 768px) 33vw, 100vw". */
  sizes: string;
  /** Above-the-fold images load eagerly with high priority; everything else is lazy. */
  priority?: boolean;
  className?: string;
  imgClassName?: string;
  style?: CSSProperties;
  /**
   * Waits until the image is within a screen of the viewport before loading it. Native lazy
   * loading starts far earlier (1250-2500 px), which on a long grid means every image at once.
   * Until then a box of the same size and colour stands in, so nothing shifts.
   */
  deferUntilNear?: boolean;
}

function artworkSrcSet(name: string, format: 'avif' | 'webp'): string {
  const entry = ARTWORK[name];
  if (!entry) return '';
  return entry.widths.map((w) => `/artwork/${name}-${w}.${format} ${w}w`).join(', ');
}

function useNearViewport(enabled: boolean) {
  const ref = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '100% 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

export function Picture({ name, alt, sizes, priority = false, className, imgClassName, style, deferUntilNear = false }: PictureProps) {
  const entry = ARTWORK[name];
  const [failed, setFailed] = useState(false);
  const { ref, near } = useNearViewport(deferUntilNear && !priority);
  if (!entry) throw new Error(`Unknown artwork: ${name}`);
  if (!near) {
    return (
      <span ref={ref} className={`block ${className ?? ''}`}>
        <span
          role="img"
          aria-label={alt || undefined}
          aria-hidden={alt ? undefined : true}
          className={`block ${imgClassName ?? ''}`}
          style={{ aspectRatio: `${entry.width} / ${entry.height}`, backgroundColor: entry.color, ...style }}
        />
        <noscript>
          <img src={`/artwork/${name}-${entry.widths[entry.widths.length - 1]}.webp`} alt={alt} width={entry.width} height={entry.height} loading="lazy" />
        </noscript>
      </span>
    );
  }
  const fallbackWidth = entry.widths.find((w) => w >= 600) ?? entry.widths[entry.widths.length - 1];
  if (failed) {
    // SPEC: images fall back to an alternative on load error; ours is the artwork's own colour.
    return (
      <span
        role="img"
        aria-label={alt}
        className={`block ${className ?? ''} ${imgClassName ?? ''}`}
        style={{ aspectRatio: `${entry.width} / ${entry.height}`, backgroundColor: entry.color, ...style }}
      />
    );
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={artworkSrcSet(name, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={artworkSrcSet(name, 'webp')} sizes={sizes} />
      <img
        src={`/artwork/${name}-${fallbackWidth}.webp`}
        alt={alt}
        width={entry.width}
        height={entry.height}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={imgClassName}
        style={{ backgroundColor: entry.color, ...style }}
        onError={() => setFailed(true)}
      />
    </picture>
  );
}
