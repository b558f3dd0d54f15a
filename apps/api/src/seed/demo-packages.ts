// The demo agency's catalogue (D12): a dozen Indian tours written the way the spec's packages read
// (bold markers, one item per line), each with the scenes its pictures are drawn from.
import type { PackageFieldsInput } from '@safarnama/contract';
import type { SceneSpec } from './demo-scenes';

export interface DemoPackage {
  fields: PackageFieldsInput;
  scenes: SceneSpec[];
}

/** "**Day N: title**" headings with their paragraphs, separated by blank lines. */
const days = (...items: [string, string][]) =>
  items.map(([title, text], i) => `**Day ${i + 1}: ${title}**\n${text}`).join('\n\n');
const lines = (...items: string[]) => items.join('\n');

const COMMON_NOTES = [
  'A **40% advance** confirms the booking; the remaining 60% is due at least 24 hours before the trip.',
  'Hotel check-in is at 1 PM and check-out at 11 AM.',
  'The car is at your disposal for up to 10 hours a day; sightseeing follows the itinerary.',
];

/** In display order, the newest (first shown) last. */
export const DEMO_PACKAGES: readonly DemoPackage[] = [
  {
    fields: {
      name: 'Coorg Coffee Trails',
      description: 'Madikeri, Kushalnagar, Bhagamandala',
      price: 13999,
      duration: 3,
      packageOverview:
        'Misty hills, **coffee estates** and the warm hospitality of Kodava homes. A short break from Bengaluru that ' +
        'slows everything down: estate walks at dawn, filter coffee on the verandah and waterfalls after the rains.',
      tourItinerary: days(
        [
          'Bengaluru to Madikeri',
          'Drive through Mysuru countryside to a plantation homestay. Evening at **Raja’s Seat** for the sunset over the valleys.',
        ],
        [
          'Estates and Abbey Falls',
          'Guided **coffee plantation walk** with a tasting, then Abbey Falls and the Omkareshwara temple. Traditional Kodava dinner.',
        ],
        [
          'Golden Temple and return',
          'Visit the Tibetan **Namdroling Monastery** at Bylakuppe and Dubare elephant camp before the drive home.',
        ],
      ),
      inclusions: lines(
        '2 nights in a plantation homestay',
        'Daily breakfast and dinner',
        'Coffee estate walk with tasting',
        'Private car from Bengaluru and back',
        'Toll, parking and driver allowance',
      ),
      exclusions: lines(
        'Lunches',
        'Entry tickets and camera fees',
        'Elephant interaction fees at Dubare',
        'Anything not listed under inclusions',
      ),
      importantNotes: lines('Leeches appear on estate trails in the monsoon: carry socks and salt.', ...COMMON_NOTES),
    },
    scenes: [
      { kind: 'tea', time: 'dawn', seed: 11 },
      { kind: 'waterfall', time: 'day', seed: 12 },
      { kind: 'tea', time: 'dusk', seed: 13 },
    ],
  },
  {
    fields: {
      name: 'Rishikesh Yoga & Rafting Retreat',
      description: 'Rishikesh, Haridwar',
      price: 14999,
      duration: 4,
      packageOverview:
        'The **Yoga Capital of the World** on the banks of the Ganga. Balance gentle morning yoga and the ' +
        'Ganga aarti with a day of **white-water rafting** through the Shivpuri rapids.',
      tourItinerary: days(
        [
          'Arrive in Rishikesh',
          'Pick-up from Dehradun airport or Haridwar station. Evening **Ganga aarti at Triveni Ghat**.',
        ],
        [
          'Yoga and the jhulas',
          'Sunrise **yoga session** by the river, then Lakshman Jhula, Ram Jhula and the Beatles Ashram.',
        ],
        [
          'Rafting day',
          '**16 km rafting** from Shivpuri with certified guides; cliff jumping when the river allows. Riverside café evening.',
        ],
        ['Haridwar and departure', 'Morning at **Har Ki Pauri** in Haridwar, then drop at the airport or station.'],
      ),
      inclusions: lines(
        '3 nights in a riverside stay',
        'Daily breakfast',
        'Two yoga sessions',
        'Rafting with safety gear and guide',
        'All transfers by private car',
      ),
      exclusions: lines('Lunches and dinners', 'Bungee jumping and other adventure add-ons', 'Personal expenses'),
      importantNotes: lines(
        'Rafting is closed in July and August (monsoon) and needs a minimum age of 14.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'river', time: 'day', seed: 21 },
      { kind: 'ghats', time: 'dusk', seed: 22 },
      { kind: 'river', time: 'dawn', seed: 23 },
    ],
  },
  {
    fields: {
      name: 'Meghalaya: Abode of Clouds',
      description: 'Shillong, Cherrapunji, Mawlynnong, Dawki',
      price: 31499,
      duration: 6,
      packageOverview:
        'Waterfalls that plunge into green gorges, **living root bridges** grown by Khasi villagers and the crystal ' +
        'clear Umngot river at Dawki. One of the wettest places on earth, at its most beautiful just after the rains.',
      tourItinerary: days(
        ['Guwahati to Shillong', 'Drive past **Umiam Lake** to Shillong. Evening at Police Bazaar.'],
        [
          'Shillong to Cherrapunji',
          'Elephant Falls and Shillong Peak, then **Nohkalikai Falls** and the Mawsmai caves.',
        ],
        [
          'Double Decker Root Bridge',
          'Trek down **3,500 steps** to Nongriat’s double-decker living root bridge and the blue pools.',
        ],
        [
          'Mawlynnong and Dawki',
          'Asia’s **cleanest village**, the Sky View, and a boat ride on the glass-clear Umngot at Dawki.',
        ],
        ['Laitlum Canyons', 'Morning at the **Laitlum canyons**; afternoon free in Shillong cafés.'],
        ['Departure', 'Drive back to Guwahati for your onward journey.'],
      ),
      inclusions: lines(
        '5 nights in handpicked hotels',
        'Daily breakfast and dinner',
        'Private SUV for the whole tour',
        'Local guide for the Nongriat trek',
        'Boat ride at Dawki',
      ),
      exclusions: lines('Flights to Guwahati', 'Lunches', 'Entry and camera fees', 'Travel insurance'),
      importantNotes: lines(
        'The Nongriat trek is steep: good shoes and average fitness are needed.',
        'Carry a light raincoat in every season.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'waterfall', time: 'dawn', seed: 31 },
      { kind: 'tea', time: 'day', seed: 32 },
      { kind: 'waterfall', time: 'dusk', seed: 33 },
    ],
  },
  {
    fields: {
      name: 'Sikkim: Gangtok, Lachung & Yumthang',
      description: 'Gangtok, Lachung, Yumthang Valley, Tsomgo Lake',
      price: 29999,
      duration: 6,
      packageOverview:
        'Monasteries wrapped in prayer flags, the **Kanchenjunga** at sunrise and the rhododendron meadows of the ' +
        '**Yumthang Valley**. Permits, drivers and mountain stays are all arranged for you.',
      tourItinerary: days(
        ['Bagdogra to Gangtok', 'Drive along the Teesta river to Gangtok. Evening stroll on **MG Marg**.'],
        [
          'Tsomgo Lake and Baba Mandir',
          'Excursion to the glacial **Tsomgo (Changu) Lake** at 12,300 ft and Baba Harbhajan Singh Mandir.',
        ],
        [
          'Gangtok to Lachung',
          'Drive north past Seven Sisters and Bhim Nala waterfalls to the village of **Lachung**.',
        ],
        [
          'Yumthang Valley',
          'The **Valley of Flowers** of the east, hot springs, and Zero Point when the road is open.',
        ],
        ['Back to Gangtok', 'Return to Gangtok; visit **Rumtek Monastery** on the way if time allows.'],
        ['Departure', 'Transfer to Bagdogra airport or NJP station.'],
      ),
      inclusions: lines(
        '5 nights (3 in Gangtok, 2 in Lachung)',
        'Breakfast and dinner daily, all meals in Lachung',
        'Protected area permits',
        'Private vehicle for all transfers and sightseeing',
      ),
      exclusions: lines(
        'Flights or trains',
        'Zero Point extra vehicle charges',
        'Lunches in Gangtok',
        'Personal expenses',
      ),
      importantNotes: lines(
        'North Sikkim permits need a photo ID and two passport photos per guest.',
        'Roads may close after heavy snow or landslides; the itinerary may change.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'monastery', time: 'day', seed: 41 },
      { kind: 'snowpeaks', time: 'dawn', seed: 42 },
      { kind: 'lake', time: 'day', seed: 43 },
    ],
  },
  {
    fields: {
      name: 'Spiti Valley Expedition',
      description: 'Shimla, Kalpa, Tabo, Kaza, Chandratal, Manali',
      price: 34999,
      duration: 8,
      packageOverview:
        'A **road-trip circuit** through the cold desert of Spiti: thousand-year-old monasteries, fossil villages ' +
        'and the moon lake of **Chandratal**. Travel in a 4×4 with a driver who knows every hairpin.',
      tourItinerary: days(
        ['Shimla to Sarahan', 'Drive through apple country to Sarahan and the **Bhimakali temple**.'],
        ['Sarahan to Kalpa', 'Kinnaur’s gorges to Kalpa, facing the **Kinner Kailash** range.'],
        ['Kalpa to Tabo', 'Nako lake and the **Tabo Monastery**, founded in 996 AD.'],
        ['Tabo to Kaza', 'Dhankar Monastery on its cliff, then **Pin Valley**.'],
        ['Kaza villages', '**Key Monastery**, Kibber, Chicham bridge, and the fossil village of Langza.'],
        ['Kaza to Chandratal', 'Cross **Kunzum Pass** (15,060 ft) to camp near Chandratal lake.'],
        ['Chandratal to Manali', 'Over the **Atal Tunnel** to Manali.'],
        ['Departure', 'Drop at Manali bus stand or Bhuntar airport.'],
      ),
      inclusions: lines(
        '7 nights in hotels, homestays and a lakeside camp',
        'Breakfast and dinner daily',
        'Innova or 4×4 with an experienced mountain driver',
        'Inner line permits',
        'Oxygen cylinder in the vehicle',
      ),
      exclusions: lines(
        'Travel to Shimla and from Manali',
        'Lunches',
        'Monastery donations and camera fees',
        'Costs from road closures',
      ),
      importantNotes: lines(
        '**Altitude:** rest on arrival, drink plenty of water, avoid alcohol for the first days.',
        'Chandratal is open from June to early October only.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'highdesert', time: 'day', seed: 51 },
      { kind: 'monastery', time: 'dusk', seed: 52 },
      { kind: 'lake', time: 'night', seed: 53 },
    ],
  },
  {
    fields: {
      name: 'Varanasi Spiritual Sojourn',
      description: 'Varanasi, Sarnath',
      price: 12499,
      duration: 3,
      packageOverview:
        'The oldest living city on earth. Float past **84 ghats** at dawn, walk the lanes behind Kashi ' +
        'Vishwanath and watch the **Ganga aarti** light up Dashashwamedh ghat.',
      tourItinerary: days(
        ['Arrive in Varanasi', 'Check in near the ghats. Evening boat to **Dashashwamedh** for the Ganga aarti.'],
        [
          'Sunrise and Sarnath',
          'Dawn **boat ride** from Assi to Manikarnika, the old city walk and Kashi Vishwanath. Afternoon at **Sarnath**, where the Buddha first taught.',
        ],
        ['Departure', 'Banarasi breakfast, silk weavers’ quarter, then the airport or station.'],
      ),
      inclusions: lines(
        '2 nights in a heritage hotel by the ghats',
        'Daily breakfast',
        'Two boat rides (sunrise and aarti)',
        'Guided old city walk',
        'Airport and station transfers',
      ),
      exclusions: lines('Lunches and dinners', 'Temple special darshan tickets', 'Tips and donations'),
      importantNotes: lines(
        'Dress modestly for temples; phones are not allowed inside Kashi Vishwanath.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'ghats', time: 'dawn', seed: 61 },
      { kind: 'ghats', time: 'dusk', seed: 62 },
      { kind: 'ghats', time: 'night', seed: 63 },
    ],
  },
  {
    fields: {
      name: 'Andaman Island Hopper',
      description: 'Port Blair, Havelock Island, Neil Island',
      price: 42999,
      duration: 6,
      packageOverview:
        'Turquoise water, coral reefs and the white sand of **Radhanagar Beach**, voted among Asia’s best. ' +
        'Ferries, snorkelling and a first **scuba dive** are all part of the plan.',
      tourItinerary: days(
        ['Port Blair', 'Arrival and the **Cellular Jail** light and sound show.'],
        ['Ferry to Havelock', 'Cruise to Havelock; sunset at **Radhanagar Beach**.'],
        ['Elephant Beach', 'Speedboat to Elephant Beach for **snorkelling**; optional sea walk.'],
        ['Neil Island', 'Ferry to Neil; the natural bridge and **Laxmanpur** sunset.'],
        ['Back to Port Blair', 'Return ferry; Corbyn’s Cove and shopping.'],
        ['Departure', 'Transfer to the airport.'],
      ),
      inclusions: lines(
        '5 nights in beach resorts',
        'Daily breakfast',
        'Private cruise ferry tickets',
        'Snorkelling at Elephant Beach',
        'All transfers and permits',
      ),
      exclusions: lines(
        'Flights to Port Blair',
        'Scuba diving (about ₹4,500)',
        'Lunches and dinners',
        'Personal expenses',
      ),
      importantNotes: lines(
        'Ferries depend on weather; timings can change at short notice.',
        'Carry your photo ID for every ferry.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'island', time: 'day', seed: 71 },
      { kind: 'beach', time: 'dusk', seed: 72 },
      { kind: 'island', time: 'dawn', seed: 73 },
    ],
  },
  {
    fields: {
      name: 'Goa Beach Holiday',
      description: 'North Goa, Old Goa, South Goa',
      price: 15999,
      duration: 4,
      packageOverview:
        'Sun, sand and Susegad. **Portuguese churches**, spice plantations, sunset cruises on the Mandovi and ' +
        'the quiet beaches of the south.',
      tourItinerary: days(
        ['Arrive in Goa', 'Check in near Calangute; evening at **Baga beach**.'],
        ['North Goa', 'Fort Aguada, Anjuna and Vagator, the **Chapora fort** at sunset.'],
        [
          'Old Goa and a cruise',
          '**Basilica of Bom Jesus**, Se Cathedral, Fontainhas’ Latin quarter and a Mandovi sunset cruise.',
        ],
        ['South Goa and departure', 'Colva and **Palolem** beaches, then the airport.'],
      ),
      inclusions: lines(
        '3 nights in a 4-star beach resort',
        'Daily breakfast',
        'Sightseeing by private car',
        'Mandovi river cruise',
        'Airport transfers',
      ),
      exclusions: lines('Flights', 'Water sports', 'Lunches and dinners', 'Entry fees'),
      importantNotes: lines(
        'Swim only where lifeguards are posted; the sea is rough from June to September.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'beach', time: 'day', seed: 81 },
      { kind: 'fort', time: 'dusk', seed: 82 },
      { kind: 'beach', time: 'dawn', seed: 83 },
    ],
  },
  {
    fields: {
      name: 'Kashmir: Paradise on Earth',
      description: 'Srinagar, Gulmarg, Pahalgam, Sonamarg',
      price: 32999,
      duration: 6,
      packageOverview:
        'A night on a **houseboat on Dal Lake**, a shikara ride at dawn through the floating market, the ' +
        '**Gulmarg gondola** and the meadows of Pahalgam and Sonamarg.',
      tourItinerary: days(
        ['Srinagar', 'Check in to a **deluxe houseboat**; evening shikara ride on Dal Lake.'],
        ['Gulmarg', 'Day trip to Gulmarg and the **gondola** (phase 1 included) to Kongdoori.'],
        ['Pahalgam', 'Drive via the saffron fields of Pampore to **Pahalgam** and the Lidder river.'],
        ['Pahalgam valleys', 'Betaab, Aru and Chandanwari valleys by local cab.'],
        ['Sonamarg', '**Thajiwas glacier** at Sonamarg, back to Srinagar and the Mughal gardens.'],
        ['Departure', 'Morning floating market by shikara, then the airport.'],
      ),
      inclusions: lines(
        '1 night on a houseboat, 4 nights in hotels',
        'Breakfast and dinner daily',
        'Gulmarg gondola phase 1 tickets',
        'Private car for all transfers',
        'Shikara ride',
      ),
      exclusions: lines('Flights to Srinagar', 'Pony rides and local union cabs', 'Lunches', 'Gondola phase 2'),
      importantNotes: lines('Carry warm clothes in every season; nights are cold.', ...COMMON_NOTES),
    },
    scenes: [
      { kind: 'lake', time: 'dawn', seed: 91 },
      { kind: 'snowpeaks', time: 'day', seed: 92 },
      { kind: 'lake', time: 'dusk', seed: 93 },
    ],
  },
  {
    fields: {
      name: 'Royal Rajasthan Forts & Palaces',
      description: 'Jaipur, Jodhpur, Jaisalmer, Udaipur',
      price: 45999,
      duration: 8,
      packageOverview:
        'The Rajput kingdoms in one journey: the **Amber Fort** and the Pink City, Jodhpur’s blue lanes under ' +
        'Mehrangarh, a **desert camp in the Thar** and the lake palaces of Udaipur.',
      tourItinerary: days(
        ['Jaipur', 'Arrival and the evening at **Chokhi Dhani**.'],
        ['Jaipur sightseeing', '**Amber Fort**, Hawa Mahal, City Palace and Jantar Mantar.'],
        ['To Jodhpur', 'Drive to the Blue City; sunset at **Mehrangarh Fort**.'],
        ['To Jaisalmer', 'The Golden City and **Patwon ki Haveli**.'],
        ['The Thar', '**Sam sand dunes** by camel, folk music and dinner at a desert camp.'],
        ['To Udaipur', 'A long drive to the City of Lakes via Ranakpur’s Jain temples.'],
        ['Udaipur', 'City Palace, **boat ride on Lake Pichola**, Saheliyon ki Bari.'],
        ['Departure', 'Drop at Udaipur airport.'],
      ),
      inclusions: lines(
        '7 nights in heritage hotels and a desert camp',
        'Daily breakfast; dinner at the camp',
        'Private AC car for the whole tour',
        'Camel safari at Sam',
        'Lake Pichola boat ride',
      ),
      exclusions: lines('Flights or trains', 'Monument entry fees and guides', 'Lunches', 'Personal expenses'),
      importantNotes: lines('Summer (April–June) days cross 45 °C; October to March is best.', ...COMMON_NOTES),
    },
    scenes: [
      { kind: 'fort', time: 'dawn', seed: 101 },
      { kind: 'fort', time: 'night', seed: 102 },
      { kind: 'fort', time: 'day', seed: 103 },
    ],
  },
  {
    fields: {
      name: 'Ladakh: Land of High Passes',
      description: 'Leh, Nubra Valley, Pangong Tso',
      price: 38499,
      duration: 7,
      packageOverview:
        'Over **Khardung La** to the sand dunes of Nubra and the ever-changing blues of **Pangong Tso**. ' +
        'Two days in Leh to acclimatise come first: the mountains are best enjoyed slowly.',
      tourItinerary: days(
        ['Arrive in Leh (11,500 ft)', 'Complete rest to **acclimatise**. Evening walk in the Leh market.'],
        ['Leh monasteries', '**Thiksey** and Hemis monasteries, Shey Palace and Shanti Stupa at sunset.'],
        ['Leh to Nubra', 'Over **Khardung La**; double-humped camels at the Hunder dunes.'],
        ['Nubra to Pangong', 'Via Shyok to **Pangong Tso**; night in a lakeside camp.'],
        ['Pangong to Leh', 'Sunrise on the lake, back over **Chang La**.'],
        ['Sham Valley', 'Magnetic Hill, Gurudwara Pathar Sahib and the **Sangam** of the Indus and Zanskar.'],
        ['Departure', 'Transfer to Leh airport.'],
      ),
      inclusions: lines(
        '6 nights in hotels and camps',
        'Breakfast and dinner daily',
        'Innova or Xylo for all sightseeing',
        'Inner line permits and environment fees',
        'Oxygen cylinder in the vehicle',
      ),
      exclusions: lines('Flights to Leh', 'Camel safari and rafting', 'Lunches', 'Monument fees'),
      importantNotes: lines(
        '**Do not** plan exertion on the first day in Leh.',
        'Only postpaid mobile connections work in Ladakh.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'snowpeaks', time: 'dawn', seed: 111 },
      { kind: 'lake', time: 'day', seed: 112 },
      { kind: 'highdesert', time: 'dusk', seed: 113 },
    ],
  },
  {
    fields: {
      name: 'Kerala Backwaters & Hills',
      description: 'Kochi, Munnar, Thekkady, Alleppey',
      price: 24999,
      duration: 6,
      packageOverview:
        'God’s Own Country at an easy pace: **tea gardens of Munnar**, spice trails in Thekkady and a night ' +
        'on a **private houseboat** drifting through the Alleppey backwaters.',
      tourItinerary: days(
        ['Arrive in Kochi', 'Fort Kochi, the **Chinese fishing nets** and a Kathakali performance.'],
        ['Kochi to Munnar', 'Drive past Cheeyappara and Valara waterfalls to **Munnar**.'],
        ['Munnar', '**Eravikulam National Park**, the tea museum and Mattupetty dam.'],
        ['Munnar to Thekkady', 'Spice plantation tour and an optional **Periyar** boat ride.'],
        ['Alleppey houseboat', 'Board a **private houseboat**; lunch, dinner and the night on the backwaters.'],
        ['Departure', 'Disembark after breakfast; drop at Kochi airport.'],
      ),
      inclusions: lines(
        '4 nights in hotels and 1 night on a houseboat',
        'Daily breakfast; all meals on the houseboat',
        'Private AC car',
        'Kathakali show tickets',
        'Airport transfers',
      ),
      exclusions: lines(
        'Flights',
        'Entry fees and activities in Thekkady',
        'Lunches and dinners at hotels',
        'Personal expenses',
      ),
      importantNotes: lines(
        'Houseboats stop cruising at 5:30 PM by local rules and anchor for the night.',
        ...COMMON_NOTES,
      ),
    },
    scenes: [
      { kind: 'backwaters', time: 'dusk', seed: 121 },
      { kind: 'tea', time: 'dawn', seed: 122 },
      { kind: 'backwaters', time: 'day', seed: 123 },
    ],
  },
];

/** The home page's hero backgrounds. */
export const DEMO_BACKGROUNDS: readonly SceneSpec[] = [
  { kind: 'backwaters', time: 'dawn', seed: 201 },
  { kind: 'snowpeaks', time: 'day', seed: 202 },
  { kind: 'fort', time: 'dusk', seed: 203 },
  { kind: 'beach', time: 'day', seed: 204 },
  { kind: 'lake', time: 'dawn', seed: 205 },
];
