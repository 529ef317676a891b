/** The privacy policy (spec §2 Policies): what the agency processes, why, for how long, and the worker's rights. */
import type { PolicyText } from './layout.ts';

export const privacyPolicy: Record<'fr' | 'nl', PolicyText> = {
  fr: {
    title: 'Politique de confidentialité',
    subtitle: 'Interim Portal SRL – version du 1er décembre 2026',
    sections: [
      {
        heading: '1. Qui traite vos données ?',
        paragraphs: [
          'Interim Portal SRL, avenue des Intérimaires 12, 1000 Bruxelles (BCE 0123.456.789), agence de travail intérimaire agréée, est responsable du traitement des données personnelles que vous confiez au portail. Pour toute question, écrivez à notre délégué à la protection des données : privacy@interim-portal.example.',
        ],
      },
      {
        heading: '2. Quelles données ?',
        bullets: [
          'identité et contact : nom, prénom, adresse, e-mail, téléphone, langue ;',
          'données légales : numéro de registre national, carte d’identité, nationalité, état civil et personnes à charge, compte bancaire ;',
          'profil de mission : statut, langues, permis de conduire, tailles et photos, dans la mesure où la mission les exige ;',
          'travail : disponibilités, planning, offres et réponses, heures prestées, absences et certificats, contrats, fiches de paie, attestations et votre signature ;',
          'vos échanges avec l’agence : les messages que vous écrivez depuis le portail, leurs photos et documents, et la chose dont ils parlent (une fiche de paie, une mission, un jour d’heures) ;',
          'notifications : les avis que le portail vous envoie et, si vous les activez sur un appareil, l’adresse d’envoi que votre navigateur nous donne pour cet appareil.',
        ],
      },
      {
        heading: '3. Pourquoi, et sur quelle base ?',
        bullets: [
          'conclure et exécuter vos contrats de travail intérimaire (article 6.1.b du RGPD) ;',
          'respecter nos obligations légales : Dimona, sécurité sociale, précompte professionnel, documents sociaux (article 6.1.c) ;',
          'vous proposer des missions qui correspondent à votre profil et à vos disponibilités (intérêt légitime, article 6.1.f) ;',
          'répondre à vos questions et garder la réponse, pour que vous et nous puissions nous y référer, notamment en cas de désaccord sur une paie ou des heures (exécution du contrat et intérêt légitime, articles 6.1.b et 6.1.f).',
        ],
        paragraphs: ['Nous ne vendons jamais vos données et ne les utilisons pas à des fins publicitaires.'],
      },
      {
        heading: '4. Qui les reçoit ?',
        paragraphs: [
          "Seules les personnes qui en ont besoin : l'entreprise utilisatrice reçoit ce qui est nécessaire à la mission (nom, qualifications, planning) ; notre secrétariat social, l'ONSS, le SPF Finances et notre assureur accidents du travail reçoivent ce que la loi impose. Nos sous-traitants informatiques sont liés par contrat et hébergent les données dans l'Union européenne.",
        ],
      },
      {
        heading: '5. Combien de temps ?',
        paragraphs: [
          "Tant que vous êtes inscrit, puis aussi longtemps que la loi l'exige : 5 ans pour les documents sociaux et 7 ans pour les documents fiscaux après la fin de la relation de travail. Un compte resté inactif pendant 2 ans est supprimé, sauf ce que la loi nous oblige à garder.",
          "Une conversation avec l'agence, ses messages et ses pièces jointes sont effacés 2 ans après son dernier message ; vous pouvez demander qu'elle le soit plus tôt. L'adresse d'envoi des notifications d'un appareil est effacée quand vous les désactivez, quand vous vous déconnectez de cet appareil ou quand le service de votre navigateur nous dit qu'elle n'existe plus. Un message en cours d'écriture n'est gardé que dans l'onglet où vous l'écrivez.",
        ],
      },
      {
        heading: '6. Vos droits',
        paragraphs: [
          "Vous pouvez consulter, corriger ou faire effacer vos données, en limiter le traitement, vous y opposer et en demander une copie. Écrivez à privacy@interim-portal.example ; nous répondons dans le mois. Vous pouvez aussi introduire une plainte auprès de l'Autorité de protection des données, rue de la Presse 35, 1000 Bruxelles.",
        ],
      },
      {
        heading: '7. Sécurité',
        paragraphs: [
          'Les échanges avec le portail sont chiffrés, les mots de passe ne sont jamais conservés en clair et l’accès aux données est limité au personnel qui en a besoin.',
        ],
      },
    ],
  },
  nl: {
    title: 'Privacybeleid',
    subtitle: 'Interim Portal BV – versie van 1 december 2026',
    sections: [
      {
        heading: '1. Wie verwerkt uw gegevens?',
        paragraphs: [
          'Interim Portal BV, Uitzendkrachtenlaan 12, 1000 Brussel (KBO 0123.456.789), erkend uitzendbureau, is verantwoordelijk voor de verwerking van de persoonsgegevens die u aan het portaal toevertrouwt. Met vragen kunt u terecht bij onze functionaris voor gegevensbescherming: privacy@interim-portal.example.',
        ],
      },
      {
        heading: '2. Welke gegevens?',
        bullets: [
          'identiteit en contact: naam, voornaam, adres, e-mail, telefoon, taal;',
          'wettelijke gegevens: rijksregisternummer, identiteitskaart, nationaliteit, burgerlijke staat en personen ten laste, bankrekening;',
          'opdrachtprofiel: statuut, talen, rijbewijs, maten en foto’s, voor zover de opdracht ze vereist;',
          'werk: beschikbaarheden, planning, aanbiedingen en antwoorden, gewerkte uren, afwezigheden en medische attesten, contracten, loonbrieven, fiscale attesten en uw handtekening;',
          'uw contact met het kantoor: de berichten die u via het portaal schrijft, hun foto’s en documenten, en waarover ze gaan (een loonbrief, een opdracht, een dag uren);',
          'meldingen: de berichten die het portaal u stuurt en, als u ze op een toestel aanzet, het verzendadres dat uw browser ons voor dat toestel geeft.',
        ],
      },
      {
        heading: '3. Waarom, en op welke grond?',
        bullets: [
          'uw uitzendcontracten sluiten en uitvoeren (artikel 6.1.b AVG);',
          'onze wettelijke verplichtingen naleven: Dimona, sociale zekerheid, bedrijfsvoorheffing, sociale documenten (artikel 6.1.c);',
          'u opdrachten voorstellen die passen bij uw profiel en uw beschikbaarheden (gerechtvaardigd belang, artikel 6.1.f);',
          'uw vragen beantwoorden en het antwoord bewaren, zodat u en wij ernaar kunnen verwijzen, onder meer bij onenigheid over loon of uren (uitvoering van de overeenkomst en gerechtvaardigd belang, artikelen 6.1.b en 6.1.f).',
        ],
        paragraphs: ['Wij verkopen uw gegevens nooit en gebruiken ze niet voor reclame.'],
      },
      {
        heading: '4. Wie ontvangt ze?',
        paragraphs: [
          'Alleen wie ze nodig heeft: de gebruiker ontvangt wat de opdracht vereist (naam, kwalificaties, planning); ons sociaal secretariaat, de RSZ, de FOD Financiën en onze arbeidsongevallenverzekeraar ontvangen wat de wet oplegt. Onze IT-verwerkers zijn contractueel gebonden en bewaren de gegevens in de Europese Unie.',
        ],
      },
      {
        heading: '5. Hoe lang?',
        paragraphs: [
          'Zolang u ingeschreven bent, en daarna zo lang als de wet het vereist: 5 jaar voor sociale documenten en 7 jaar voor fiscale documenten na het einde van de arbeidsrelatie. Een account dat 2 jaar niet gebruikt werd, wordt verwijderd, behalve wat wij wettelijk moeten bewaren.',
          'Een gesprek met het kantoor, met zijn berichten en bijlagen, wordt 2 jaar na het laatste bericht gewist; u kunt vragen het eerder te wissen. Het verzendadres voor meldingen van een toestel wordt gewist wanneer u ze uitzet, wanneer u zich op dat toestel afmeldt of wanneer de dienst van uw browser ons meldt dat het niet meer bestaat. Een bericht dat u nog schrijft, wordt alleen bewaard in het tabblad waarin u het schrijft.',
        ],
      },
      {
        heading: '6. Uw rechten',
        paragraphs: [
          'U kunt uw gegevens inkijken, verbeteren of laten wissen, de verwerking ervan beperken, er bezwaar tegen maken en een kopie vragen. Schrijf naar privacy@interim-portal.example; wij antwoorden binnen de maand. U kunt ook klacht indienen bij de Gegevensbeschermingsautoriteit, Drukpersstraat 35, 1000 Brussel.',
        ],
      },
      {
        heading: '7. Beveiliging',
        paragraphs: [
          'Het verkeer met het portaal is versleuteld, wachtwoorden worden nooit leesbaar bewaard en enkel het personeel dat ze nodig heeft, heeft toegang tot de gegevens.',
        ],
      },
    ],
  },
};
