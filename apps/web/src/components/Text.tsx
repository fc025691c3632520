/**
 * Headings and paragraphs of the pages in the first load (the landing page and its parts), in the
 * design system's type scale (suomifi-design-tokens: heading1Hero, heading2, heading3, bodyText)
 * but as plain elements styled by styles/base.css: suomifi's Heading and Paragraph bring
 * styled-components and the theme (about 25 KiB gzip) into the first load (bench web_js_gzip_kb ≤ 100 KiB).
 * Every other page uses suomifi's own components.
 */
import type { ReactNode } from 'react';

type Space = 's' | 'm';

const spacing = (mt?: Space, mb?: Space) => [mt && `text--mt-${mt}`, mb && `text--mb-${mb}`].filter(Boolean).join(' ');
const classes = (...names: Array<string | undefined>) => names.filter(Boolean).join(' ');

export function Heading({
  variant,
  as,
  id,
  className,
  mt,
  mb,
  children,
}: {
  variant: 'h1hero' | 'h2' | 'h3';
  as?: 'h1' | 'h2' | 'h3';
  id?: string;
  className?: string;
  mt?: Space;
  mb?: Space;
  children: ReactNode;
}) {
  const Tag = as ?? (variant === 'h1hero' ? 'h1' : variant);
  return (
    <Tag id={id} className={classes('text-heading', `text-heading--${variant}`, spacing(mt, mb), className)}>
      {children}
    </Tag>
  );
}

export function Paragraph({ className, mt, mb, children }: { className?: string; mt?: Space; mb?: Space; children: ReactNode }) {
  return <p className={classes('text-paragraph', spacing(mt, mb), className)}>{children}</p>;
}
