// Flat SVG art in the palette for items without a CMS image (never a grey box). Purely
// decorative: the card's title says what it is, so the art is aria-hidden.
export type Motif = 'castle' | 'water' | 'forest' | 'stork';

const SKY = '#e9e4d8';

function Art({ motif }: { motif: Motif }) {
  switch (motif) {
    case 'water':
      return (
        <>
          <circle cx="300" cy="70" r="34" fill="#ecdcb0" />
          <path d="M0 150 Q50 135 100 150 T200 150 T300 150 T400 150 V250 H0Z" fill="#9fb7ad" />
          <path d="M0 185 Q50 170 100 185 T200 185 T300 185 T400 185 V250 H0Z" fill="#6d8f82" />
          <g fill="#2f4a3a"><ellipse cx="150" cy="142" rx="40" ry="13" /><ellipse cx="205" cy="126" rx="30" ry="11" /><ellipse cx="245" cy="112" rx="20" ry="8" /></g>
        </>
      );
    case 'forest':
      return (
        <>
          <path d="M0 175 Q120 140 230 165 T400 155 V250 H0Z" fill="#bcc6a9" />
          <g fill="#4c6a53">
            <path d="M70 180 L100 90 L130 180Z" /><path d="M120 185 L160 70 L200 185Z" /><path d="M240 180 L270 100 L300 180Z" />
            <path d="M290 185 L325 80 L360 185Z" />
          </g>
          <path d="M0 205 Q200 185 400 205 V250 H0Z" fill="#2f4a3a" />
        </>
      );
    case 'stork':
      return (
        <>
          <circle cx="360" cy="96" r="22" fill="#ecdcb0" />
          <path d="M0 200 Q200 178 400 196 V250 H0Z" fill="#bcc6a9" />
          <g fill="#2f4a3a">
            <rect x="250" y="140" width="56" height="110" />
            <path d="M246 140 V128 H258 V140 H272 V128 H284 V140 H298 V128 H310 V140Z" />
          </g>
          <path d="M270 250 V222 A8 8 0 0 1 286 222 V250Z" fill="#1f2a26" />
          <g stroke="#c2592f" strokeWidth="3" strokeLinecap="round">
            <path d="M272 112 L270 128" />
            <path d="M282 112 L284 128" />
          </g>
          <ellipse cx="278" cy="128" rx="40" ry="9" fill="#8a6a2c" />
          <path d="M240 126 Q278 116 318 126" fill="none" stroke="#6b5121" strokeWidth="3" />
          <path d="M250 100 Q262 84 290 88 Q304 90 304 100 Q290 114 262 112 Q246 110 240 104Z" fill="#fff" />
          <path d="M252 104 Q268 94 290 98 L288 108 Q266 114 248 108Z" fill="#1f2a26" />
          <path d="M298 94 Q306 72 302 56 Q300 48 306 46 L312 50 Q308 62 310 74 Q311 88 304 98Z" fill="#fff" />
          <circle cx="308" cy="48" r="7" fill="#fff" />
          <path d="M312 46 L338 54 L312 52Z" fill="#c2592f" />
        </>
      );
    default:
      return (
        <>
          <circle cx="320" cy="60" r="30" fill="#ecdcb0" />
          <path d="M0 190 Q200 165 400 185 V250 H0Z" fill="#bcc6a9" />
          <g fill="#2f4a3a">
            <rect x="140" y="110" width="120" height="80" />
            <rect x="110" y="80" width="40" height="110" /><path d="M104 82 L130 40 L156 82Z" />
            <rect x="250" y="80" width="40" height="110" /><path d="M244 82 L270 40 L296 82Z" />
            <path d="M150 110 V98 H162 V110 H174 V98 H186 V110 H198 V98 H210 V110 H222 V98 H234 V110 H246 V98 H250 V110Z" />
          </g>
          <path d="M186 190 V160 A14 14 0 0 1 214 160 V190Z" fill={SKY} />
          <path d="M0 205 Q100 195 200 205 T400 205 V250 H0Z" fill="#6d8f82" />
        </>
      );
  }
}

export function Illustration({ motif = 'castle' }: { motif?: Motif }) {
  return (
    <svg viewBox="0 0 400 250" width="400" height="250" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <rect width="400" height="250" fill={SKY} />
      <Art motif={motif} />
    </svg>
  );
}
