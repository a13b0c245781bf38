// Word pools of the synthetic content (synthetic.ts): names per content type with the same meaning
// at the same index in both languages, the URL slug word, and body sentences. German names include
// umlauts and ß so that title sorts exercise the German collation.

export interface Words {
  slug: { de: string; en: string };
  de: readonly string[];
  en: readonly string[];
}

export const TITLES = {
  accommodation: {
    slug: { de: 'zimmer', en: 'room' },
    de: ['Turmzimmer', 'Gartensuite', 'Parkzimmer', 'Schlosssuite', 'Kaminzimmer', 'Erkerzimmer', 'Rosenstudio', 'Äbtissinnenkammer', 'Orangeriesuite', 'Storchenzimmer'],
    en: ['Tower Room', 'Garden Suite', 'Park Room', 'Castle Suite', 'Fireside Room', 'Oriel Room', 'Rose Studio', "Abbess's Chamber", 'Orangery Suite', 'Stork Room'],
  },
  restaurants_bars: {
    slug: { de: 'restaurant', en: 'restaurant' },
    de: ['Schlossrestaurant', 'Weinstube', 'Kaminbar', 'Gartenterrasse', 'Turmcafé', 'Bistro am See', 'Rittersaal', 'Orangerie'],
    en: ['Castle Restaurant', 'Wine Tavern', 'Fireside Bar', 'Garden Terrace', 'Tower Café', 'Lakeside Bistro', "Knights' Hall", 'Orangery'],
  },
  wellness: {
    slug: { de: 'wellness', en: 'wellness' },
    de: ['Schlosstherme', 'Saunawelt', 'Ruheraum', 'Dampfbad', 'Panoramapool', 'Kneippgarten', 'Salzgrotte'],
    en: ['Castle Spa', 'Sauna World', 'Relaxation Room', 'Steam Bath', 'Panorama Pool', 'Kneipp Garden', 'Salt Grotto'],
  },
  spa_treatments: {
    slug: { de: 'behandlung', en: 'treatment' },
    de: ['Aromaölmassage', 'Hot-Stone-Massage', 'Gesichtsbehandlung', 'Heubad', 'Rückenmassage', 'Fußreflexzonenmassage', 'Ayurveda-Ritual', 'Körperpeeling'],
    en: ['Aroma Oil Massage', 'Hot Stone Massage', 'Facial', 'Hay Bath', 'Back Massage', 'Foot Reflexology', 'Ayurveda Ritual', 'Body Scrub'],
  },
  sports: {
    slug: { de: 'sport', en: 'sport' },
    de: ['Tennis', 'Reiten', 'Bogenschießen', 'Radtour', 'Yoga im Park', 'Nordic Walking', 'Golf-Schnupperkurs', 'Kajak'],
    en: ['Tennis', 'Horse Riding', 'Archery', 'Bike Tour', 'Yoga in the Park', 'Nordic Walking', 'Golf Taster', 'Kayaking'],
  },
  events: {
    slug: { de: 'veranstaltung', en: 'event' },
    de: ['Weinabend', 'Jazzbrunch', 'Schlosskonzert', 'Krimidinner', 'Adventsmarkt', 'Sommerfest', 'Lesung im Rittersaal', 'Kochkurs'],
    en: ['Wine Evening', 'Jazz Brunch', 'Castle Concert', 'Murder Mystery Dinner', 'Advent Market', 'Summer Festival', "Reading in the Knights' Hall", 'Cooking Class'],
  },
  highlights: {
    slug: { de: 'highlight', en: 'highlight' },
    de: ['Storchennest', 'Schlosspark', 'Kapelle', 'Rosengarten', 'Bibliothek', 'Aussichtsturm'],
    en: ['Stork Nest', 'Castle Park', 'Chapel', 'Rose Garden', 'Library', 'Lookout Tower'],
  },
  packages_and_special_offers: {
    slug: { de: 'angebot', en: 'offer' },
    de: ['Romantikauszeit', 'Wellness-Wochenende', 'Schlossgeflüster', 'Genießertage', 'Wintermärchen', 'Frühlingserwachen'],
    en: ['Romantic Getaway', 'Wellness Weekend', 'Castle Whispers', 'Gourmet Days', 'Winter Fairy Tale', 'Spring Awakening'],
  },
  aboutus: {
    slug: { de: 'ueber-uns', en: 'about' },
    de: ['Geschichte', 'Philosophie', 'Nachhaltigkeit', 'Auszeichnungen', 'Unser Team', 'Partner'],
    en: ['History', 'Philosophy', 'Sustainability', 'Awards', 'Our Team', 'Partners'],
  },
  careers: {
    slug: { de: 'stelle', en: 'job' },
    de: ['Koch (m/w/d)', 'Rezeptionist (m/w/d)', 'Spa-Therapeut (m/w/d)', 'Servicekraft (m/w/d)', 'Auszubildende Hotelfach (m/w/d)', 'Housekeeping (m/w/d)'],
    en: ['Chef (m/f/d)', 'Receptionist (m/f/d)', 'Spa Therapist (m/f/d)', 'Waiter (m/f/d)', 'Hotel Apprentice (m/f/d)', 'Housekeeping (m/f/d)'],
  },
  meetingsandcelebrations: {
    slug: { de: 'anlass', en: 'occasion' },
    de: ['Hochzeit', 'Tagung', 'Firmenfeier', 'Geburtstag', 'Workshop', 'Taufe'],
    en: ['Wedding', 'Conference', 'Company Party', 'Birthday', 'Workshop', 'Christening'],
  },
  functions_rooms: {
    slug: { de: 'raum', en: 'room' },
    de: ['Rittersaal', 'Kaminzimmer', 'Bibliothek', 'Gewölbekeller', 'Spiegelsaal', 'Turmstube'],
    en: ["Knights' Hall", 'Fireside Room', 'Library', 'Vaulted Cellar', 'Hall of Mirrors', 'Tower Parlour'],
  },
} as const satisfies Record<string, Words>;

export const BODY_SENTENCES: Readonly<Record<'de' | 'en', readonly string[]>> = {
  de: [
    'Hinter den dicken Mauern des Schlosses finden Sie Ruhe und eine Gastfreundschaft, die seit Generationen gepflegt wird.',
    'Die Fenster öffnen sich zum Park, in dem alte Eichen und Kastanien Schatten spenden.',
    'Am Morgen erwartet Sie ein reichhaltiges Frühstück mit Produkten aus der Region.',
    'Unser Team kennt die schönsten Wege durch die Auen und verrät Ihnen gern seine Lieblingsplätze.',
    'Im Frühjahr kehren die Störche auf das Dach des Torhauses zurück und ziehen dort ihre Jungen groß.',
    'Historische Details wie Stuckdecken und Dielenböden verbinden sich mit zeitgemäßem Komfort.',
    'Nach einem Tag an der frischen Luft lädt die Schlosstherme zum Entspannen ein.',
    'Die Küche verarbeitet Kräuter aus dem eigenen Garten und Fisch aus den umliegenden Seen.',
    'Für besondere Anlässe gestalten wir gern ein Programm ganz nach Ihren Wünschen.',
    'Kostenfreie Parkplätze und Ladestationen für Elektroautos finden Sie direkt am Schlosshof.',
    'Hunde sind in ausgewählten Zimmern nach vorheriger Absprache herzlich willkommen.',
    'Bei jedem Wetter bietet die Bibliothek mit ihrem Kamin einen gemütlichen Rückzugsort.',
  ],
  en: [
    'Behind the thick walls of the castle you will find peace and a hospitality that has been cultivated for generations.',
    'The windows open onto the park, where old oaks and chestnut trees provide shade.',
    'In the morning a generous breakfast with produce from the region awaits you.',
    'Our team knows the loveliest paths through the meadows and is happy to share its favourite places.',
    'In spring the storks return to the roof of the gatehouse and raise their young there.',
    'Historic details such as stucco ceilings and wooden floors meet contemporary comfort.',
    'After a day in the fresh air, the castle spa invites you to unwind.',
    'The kitchen uses herbs from our own garden and fish from the surrounding lakes.',
    'For special occasions we will gladly arrange a programme tailored to your wishes.',
    'Free parking and charging points for electric cars are right by the castle courtyard.',
    'Dogs are welcome in selected rooms by prior arrangement.',
    'Whatever the weather, the library with its fireplace is a cosy retreat.',
  ],
};

export const FEATURES: Readonly<Record<'de' | 'en', readonly string[]>> = {
  de: ['Blick in den Schlosspark', 'Regendusche', 'Kostenfreies WLAN', 'Minibar mit regionalen Getränken', 'Bademantel und Slipper', 'Nespresso-Maschine', 'Klimaanlage', 'Schreibtisch', 'Frühstück inklusive', 'Späte Abreise auf Anfrage'],
  en: ['View of the castle park', 'Rain shower', 'Free Wi-Fi', 'Minibar with regional drinks', 'Bathrobe and slippers', 'Nespresso machine', 'Air conditioning', 'Desk', 'Breakfast included', 'Late check-out on request'],
};
