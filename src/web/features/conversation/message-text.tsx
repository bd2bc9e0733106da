/**
 * A message's words on screen: plain text with its line breaks, and its web addresses as links
 * (domain/conversation.ts linkParts: http, https and www. only). Never HTML from a user.
 */
import { linkParts } from '../../../domain/conversation.ts';

export function MessageText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <p className={`whitespace-pre-line break-words ${className}`}>
      {linkParts(text).map((part, index) => ('url' in part
        ? <a key={index} href={part.url} target="_blank" rel="noopener noreferrer nofollow ugc" className="font-medium text-brand-800 underline underline-offset-2">{part.text}</a>
        : <span key={index}>{part.text}</span>))}
    </p>
  );
}
