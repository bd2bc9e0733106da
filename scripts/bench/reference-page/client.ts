/** The reference page's browser entry: hydrates what the bench rendered on the server. */
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ReferenceApp } from './app.ts';

hydrateRoot(document.getElementById('root')!, createElement(ReferenceApp));
