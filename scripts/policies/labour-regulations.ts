/** The labour regulations for temporary workers (Belgian law of 8 April 1965 on work regulations). */
import type { PolicyText } from './layout.ts';

export const labourRegulations: Record<'fr' | 'nl', PolicyText> = {
  fr: {
    title: 'Règlement de travail des intérimaires',
    subtitle: 'Interim Portal SRL – loi du 8 avril 1965 instituant les règlements de travail – version du 1er janvier 2026',
    sections: [
      {
        heading: '1. Champ d’application',
        paragraphs: [
          "Ce règlement s'applique à chaque intérimaire lié à Interim Portal SRL par un contrat de travail intérimaire. Pendant la mission, les dispositions du règlement de travail de l'entreprise utilisatrice relatives aux horaires, au bien-être et à la sécurité s'appliquent également ; l'intérimaire en reçoit une copie au début de la mission.",
        ],
      },
      {
        heading: '2. Durée du travail et horaires',
        paragraphs: [
          "Les horaires sont ceux de l'entreprise utilisatrice et figurent dans chaque contrat. La durée hebdomadaire moyenne ne dépasse pas 38 heures. Une pause d'au moins 15 minutes est accordée après 6 heures de travail.",
        ],
      },
      {
        heading: '3. Rémunération',
        paragraphs: [
          "L'intérimaire reçoit la même rémunération qu'un travailleur permanent de même qualification chez l'utilisateur (loi du 24 juillet 1987). Le salaire est payé par virement au plus tard le 4e jour ouvrable suivant la période de paie ; la fiche de paie est disponible sur le portail.",
        ],
      },
      {
        heading: '4. Absences',
        paragraphs: [
          "Toute absence doit être signalée avant le début du travail, à l'agence et à l'utilisateur. En cas de maladie, le certificat médical est remis dans les deux jours ouvrables. Les jours fériés, congés et petits chômages sont accordés selon la loi et les conventions du secteur.",
        ],
      },
      {
        heading: '5. Sécurité et bien-être',
        paragraphs: [
          "L'intérimaire respecte les consignes de sécurité, porte les équipements de protection fournis et signale immédiatement tout accident, même léger. Toute personne qui s'estime victime de harcèlement ou de violence peut s'adresser à la personne de confiance (confiance@interim-portal.example) ou au conseiller en prévention aspects psychosociaux de notre service externe.",
        ],
      },
      {
        heading: '6. Obligations et sanctions',
        paragraphs: [
          "L'intérimaire exécute le travail avec soin, respecte les horaires et la confidentialité de l'utilisateur. Un manquement peut entraîner un avertissement écrit ou une amende qui ne dépasse pas un cinquième de la rémunération journalière ; les amendes sont affectées au profit des travailleurs. Un motif grave peut justifier la fin immédiate du contrat.",
        ],
      },
      {
        heading: '7. Fin du contrat',
        paragraphs: [
          "Le contrat prend fin au terme de la mission. Les trois premiers jours de travail sont considérés comme période d'essai, pendant laquelle chaque partie peut y mettre fin sans préavis ni indemnité.",
        ],
      },
      {
        heading: '8. Adresses utiles',
        bullets: [
          'Contrôle des lois sociales, SPF Emploi, Travail et Concertation sociale, rue Ernest Blerot 1, 1070 Bruxelles ;',
          'Office national de sécurité sociale, place Victor Horta 11, 1060 Bruxelles.',
        ],
      },
    ],
  },
  nl: {
    title: 'Arbeidsreglement voor uitzendkrachten',
    subtitle: 'Interim Portal BV – wet van 8 april 1965 tot instelling van de arbeidsreglementen – versie van 1 januari 2026',
    sections: [
      {
        heading: '1. Toepassingsgebied',
        paragraphs: [
          'Dit reglement geldt voor elke uitzendkracht die met Interim Portal BV verbonden is door een arbeidsovereenkomst voor uitzendarbeid. Tijdens de opdracht gelden ook de bepalingen van het arbeidsreglement van de gebruiker over de werkuren, het welzijn en de veiligheid; de uitzendkracht ontvangt er bij het begin van de opdracht een kopie van.',
        ],
      },
      {
        heading: '2. Arbeidsduur en werkuren',
        paragraphs: [
          'De werkuren zijn die van de gebruiker en staan in elk contract. De gemiddelde wekelijkse arbeidsduur bedraagt niet meer dan 38 uur. Na 6 uur werk volgt een pauze van minstens 15 minuten.',
        ],
      },
      {
        heading: '3. Loon',
        paragraphs: [
          'De uitzendkracht ontvangt hetzelfde loon als een vaste werknemer met dezelfde kwalificatie bij de gebruiker (wet van 24 juli 1987). Het loon wordt overgeschreven uiterlijk de 4e werkdag na de betaalperiode; de loonbrief staat op het portaal.',
        ],
      },
      {
        heading: '4. Afwezigheden',
        paragraphs: [
          'Elke afwezigheid wordt gemeld voor het werk begint, aan het uitzendbureau en aan de gebruiker. Bij ziekte wordt het medisch attest binnen twee werkdagen bezorgd. Feestdagen, vakantie en klein verlet worden toegekend volgens de wet en de sectorakkoorden.',
        ],
      },
      {
        heading: '5. Veiligheid en welzijn',
        paragraphs: [
          'De uitzendkracht volgt de veiligheidsinstructies, draagt de beschermingsmiddelen die ter beschikking worden gesteld en meldt elk ongeval onmiddellijk, ook een licht ongeval. Wie zich slachtoffer voelt van pesterijen of geweld, kan terecht bij de vertrouwenspersoon (vertrouwen@interim-portal.example) of bij de preventieadviseur psychosociale aspecten van onze externe dienst.',
        ],
      },
      {
        heading: '6. Verplichtingen en sancties',
        paragraphs: [
          'De uitzendkracht voert het werk zorgvuldig uit en respecteert de werkuren en de vertrouwelijkheid van de gebruiker. Een tekortkoming kan leiden tot een schriftelijke verwittiging of een boete van ten hoogste een vijfde van het dagloon; de boetes worden ten goede van de werknemers besteed. Een dringende reden kan het onmiddellijke einde van het contract rechtvaardigen.',
        ],
      },
      {
        heading: '7. Einde van het contract',
        paragraphs: [
          'Het contract eindigt op het einde van de opdracht. De eerste drie werkdagen gelden als proefperiode, waarin elke partij het contract kan beëindigen zonder opzegging of vergoeding.',
        ],
      },
      {
        heading: '8. Nuttige adressen',
        bullets: [
          'Toezicht op de sociale wetten, FOD Werkgelegenheid, Arbeid en Sociaal Overleg, Ernest Blerotstraat 1, 1070 Brussel;',
          'Rijksdienst voor Sociale Zekerheid, Victor Hortaplein 11, 1060 Brussel.',
        ],
      },
    ],
  },
};
