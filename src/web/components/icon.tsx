/**
 * Draws one of lucide's icons from its data (`lucide`, the library's framework-free package: each
 * icon is a list of SVG elements and nothing else). lucide-react's own component did the same
 * through nine helper modules (context, class merging, accessibility checks, name casing), 2 KB of
 * compressed script on every first load for features the store does not use (decision 0026).
 */
import { createElement, type SVGProps } from 'react';
import type { IconNode } from 'lucide';

type IconProps = SVGProps<SVGSVGElement>;
type IconComponent = (props: IconProps) => React.JSX.Element;

/** A component for one icon: 24 x 24, stroked in the text's colour; decorative unless labelled. */
export function icon(node: IconNode): IconComponent {
  return function Icon(props: IconProps) {
    const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined || props.role !== undefined;
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={labelled ? undefined : true}
        {...props}
      >
        {node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
      </svg>
    );
  };
}
