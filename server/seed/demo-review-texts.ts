/**
 * The texts of the demo reviews (issue 28 §2 "reviews written in the listing's language"), one set
 * per language of the site (and European Portuguese for Portugal): titles and texts by rating band
 * (4–5 stars, 3 stars, 1–2 stars) and one sentence per practice area saying what happened, written
 * as a client would write them, not translated word for word. `{g:masculine|feminine}` marks words
 * that agree with the lawyer's gender (German "Mein Anwalt" / "Meine Anwältin", Arabic verbs),
 * chosen by demoReviewPlan; the client's own words never depend on the client's gender. Which
 * listings get which language: demo-reviews.ts reviewLanguage (docs/demo-data.md "Reviews").
 */
import type { PracticeArea } from "../../lib/constants.ts";

/** A title and a text. */
export type ReviewPair = readonly [title: string, text: string];

/** The texts of one language. */
export interface ReviewTexts {
  good: readonly ReviewPair[];
  mixed: readonly ReviewPair[];
  bad: readonly ReviewPair[];
  /** What happened, one sentence per practice area (put before the text of some reviews). */
  intros: Readonly<Record<PracticeArea, string>>;
}

/** The languages demo reviews are written in. */
export const REVIEW_LANGS = ["en", "de", "fr", "es", "pt", "pt-PT", "nl", "ja", "ar"] as const;
/** One of REVIEW_LANGS. */
export type ReviewLang = (typeof REVIEW_LANGS)[number];

/** The texts per language. */
export const REVIEW_TEXTS: Readonly<Record<ReviewLang, ReviewTexts>> = {
  en: {
    good: [
      [
        "Clear advice from day one",
        "Every step was explained in plain words, and I was kept informed until the settlement.",
      ],
      [
        "Patient and thorough",
        "My lawyer took the time to answer all my questions and never rushed me into a decision.",
      ],
      [
        "Fought hard for a fair result",
        "The insurer's first offer was low; my lawyer pushed back with evidence and got a much better outcome.",
      ],
      [
        "Responsive and kind",
        "Replies came within a day, and the whole team treated my family with respect during a hard time.",
      ],
      ["Would hire again", "Organised, honest about the risks and realistic about how long it would take."],
      [
        "Took the stress off my shoulders",
        "I could concentrate on getting better while my lawyer dealt with the insurer and the paperwork.",
      ],
    ],
    mixed: [
      [
        "Good result, slow updates",
        "The outcome was fair, but I often had to chase for news about the next steps.",
      ],
      [
        "Competent but busy",
        "The legal work was solid, although meetings were moved several times and answers took a while.",
      ],
      [
        "Mixed experience",
        "Helpful at the start, less available later; the settlement was acceptable but not what I hoped for.",
      ],
    ],
    bad: [
      [
        "Hard to reach",
        "Weeks passed without a reply to my messages, and I never felt my case was a priority.",
      ],
      [
        "Disappointing outcome",
        "The fees were explained, but the case was closed with a result far below what we had discussed.",
      ],
      [
        "Poor communication",
        "Important deadlines were only mentioned at the last minute, which caused me a lot of stress.",
      ],
    ],
    intros: {
      "Car Accidents": "I got in touch after a rear-end collision.",
      "Medical Malpractice": "I needed help after a treatment error in hospital.",
      "Workplace Injury": "I was injured at work and did not know where to start.",
      "Slip & Fall": "I slipped on a wet floor in a shop and broke my wrist.",
      "Product Liability": "A faulty appliance injured me at home.",
      "Motorcycle Accidents": "A driver cut me off while I was on my motorbike.",
      "Wrongful Death": "Our family lost someone close in an accident.",
      "Dog Bites": "I was bitten by a neighbour's dog.",
      "Premises Liability": "I fell on a badly lit staircase in a rented building.",
      "Birth Injury": "Our baby was injured during birth.",
      "Defective Drugs": "A medication gave me serious side effects.",
      "Mass Torts": "I joined a group claim over a harmful product.",
    },
  },
  de: {
    good: [
      [
        "Klare Beratung von Anfang an",
        "Jeder Schritt wurde verständlich erklärt, und ich war bis zum Vergleich immer auf dem Laufenden.",
      ],
      [
        "Geduldig und gründlich",
        "{g:Mein Anwalt|Meine Anwältin} hat sich Zeit für alle meine Fragen genommen und mich nie zu einer Entscheidung gedrängt.",
      ],
      [
        "Hat sich für mich eingesetzt",
        "Das erste Angebot der Versicherung war niedrig; {g:mein Anwalt|meine Anwältin} hat mit Belegen nachverhandelt und deutlich mehr erreicht.",
      ],
      [
        "Schnell und freundlich",
        "Antworten kamen meist innerhalb eines Tages, und das ganze Team ist in einer schweren Zeit sehr respektvoll mit uns umgegangen.",
      ],
      ["Jederzeit wieder", "Gut organisiert, ehrlich bei den Risiken und realistisch, was die Dauer angeht."],
      [
        "Eine große Entlastung",
        "Ich konnte mich auf meine Genesung konzentrieren, während {g:er|sie} sich um die Versicherung und den Papierkram gekümmert hat.",
      ],
    ],
    mixed: [
      [
        "Gutes Ergebnis, langsame Rückmeldungen",
        "Das Ergebnis war fair, aber ich musste oft selbst nach dem Stand der Dinge fragen.",
      ],
      [
        "Kompetent, aber sehr beschäftigt",
        "Die juristische Arbeit war solide, allerdings wurden Termine mehrmals verschoben und Antworten dauerten.",
      ],
      [
        "Gemischte Erfahrung",
        "Am Anfang sehr hilfsbereit, später schwer erreichbar; der Vergleich war in Ordnung, aber nicht das, was ich erhofft hatte.",
      ],
    ],
    bad: [
      [
        "Schwer erreichbar",
        "Wochenlang kam keine Antwort auf meine Nachrichten, mein Fall schien keine Priorität zu haben.",
      ],
      [
        "Enttäuschendes Ergebnis",
        "Die Kosten wurden erklärt, aber der Fall endete weit unter dem, was wir besprochen hatten.",
      ],
      [
        "Schlechte Kommunikation",
        "Wichtige Fristen wurden erst in letzter Minute erwähnt, das hat mich sehr unter Druck gesetzt.",
      ],
    ],
    intros: {
      "Car Accidents": "Ich habe mich nach einem Auffahrunfall gemeldet.",
      "Medical Malpractice": "Ich brauchte Hilfe nach einem Behandlungsfehler im Krankenhaus.",
      "Workplace Injury": "Ich hatte einen Arbeitsunfall und wusste nicht, wo ich anfangen sollte.",
      "Slip & Fall":
        "Ich bin in einem Geschäft auf nassem Boden ausgerutscht und habe mir das Handgelenk gebrochen.",
      "Product Liability": "Ein defektes Haushaltsgerät hat mich zu Hause verletzt.",
      "Motorcycle Accidents": "Ein Autofahrer hat mich auf dem Motorrad übersehen.",
      "Wrongful Death": "Unsere Familie hat bei einem Unfall einen Angehörigen verloren.",
      "Dog Bites": "Ich wurde vom Hund eines Nachbarn gebissen.",
      "Premises Liability": "Ich bin in einem Mietshaus auf einer schlecht beleuchteten Treppe gestürzt.",
      "Birth Injury": "Unser Kind wurde bei der Geburt verletzt.",
      "Defective Drugs": "Ein Medikament hatte bei mir schwere Nebenwirkungen.",
      "Mass Torts": "Ich habe mich einer Sammelklage wegen eines schädlichen Produkts angeschlossen.",
    },
  },
  fr: {
    good: [
      [
        "Des conseils clairs dès le début",
        "Chaque étape a été expliquée simplement, avec des nouvelles régulières jusqu’à la transaction.",
      ],
      [
        "{g:Patient et rigoureux|Patiente et rigoureuse}",
        "{g:Mon avocat|Mon avocate} a pris le temps de répondre à toutes mes questions sans jamais me presser.",
      ],
      [
        "{g:S’est battu|S’est battue} pour un résultat juste",
        "La première offre de l’assureur était basse ; {g:mon avocat|mon avocate} l’a contestée preuves à l’appui et a obtenu bien davantage.",
      ],
      [
        "{g:Disponible et bienveillant|Disponible et bienveillante}",
        "Les réponses arrivaient dans la journée, et toute l’équipe a traité ma famille avec respect dans une période difficile.",
      ],
      [
        "Je recommande sans hésiter",
        "{g:Organisé, honnête|Organisée, honnête} sur les risques et réaliste sur les délais.",
      ],
      [
        "Un vrai soulagement",
        "J’ai pu me concentrer sur ma guérison pendant que {g:mon avocat|mon avocate} gérait l’assureur et les démarches.",
      ],
    ],
    mixed: [
      [
        "Bon résultat, suivi lent",
        "Le résultat est correct, mais je devais souvent relancer pour avoir des nouvelles du dossier.",
      ],
      [
        "{g:Compétent mais très pris|Compétente mais très prise}",
        "Le travail juridique était solide, mais les rendez-vous ont été déplacés plusieurs fois et les réponses tardaient.",
      ],
      [
        "Expérience mitigée",
        "Beaucoup d’aide au début, moins de disponibilité ensuite ; la transaction est acceptable, sans plus.",
      ],
    ],
    bad: [
      [
        "Difficile à joindre",
        "Des semaines sans réponse à mes messages ; mon dossier ne semblait pas être une priorité.",
      ],
      [
        "Résultat décevant",
        "Les honoraires avaient été expliqués, mais le dossier s’est clos bien en dessous de ce dont nous avions parlé.",
      ],
      [
        "Communication insuffisante",
        "Des délais importants n’ont été évoqués qu’au dernier moment, ce qui a été très stressant pour moi.",
      ],
    ],
    intros: {
      "Car Accidents": "J’ai pris contact avec le cabinet après un accident de la route.",
      "Medical Malpractice": "J’avais besoin d’aide après une erreur médicale à l’hôpital.",
      "Workplace Injury": "J’ai eu un accident du travail et je ne savais pas par où commencer.",
      "Slip & Fall": "J’ai glissé sur un sol mouillé dans un magasin et je me suis cassé le poignet.",
      "Product Liability": "Un appareil défectueux a provoqué ma blessure à la maison.",
      "Motorcycle Accidents": "Un automobiliste m’a coupé la route alors que j’étais à moto.",
      "Wrongful Death": "Notre famille a perdu un proche dans un accident.",
      "Dog Bites": "Le chien d’un voisin m’a infligé une morsure grave.",
      "Premises Liability": "J’ai fait une chute dans l’escalier mal éclairé d’un immeuble.",
      "Birth Injury": "Notre enfant a été blessé à la naissance.",
      "Defective Drugs": "Un médicament m’a causé de graves effets secondaires.",
      "Mass Torts": "J’ai rejoint une action de groupe contre un produit dangereux.",
    },
  },
  es: {
    good: [
      [
        "Asesoramiento claro desde el principio",
        "Me explicaron cada paso con palabras sencillas y me mantuvieron al tanto hasta el acuerdo.",
      ],
      [
        "Paciente y {g:minucioso|minuciosa}",
        "{g:Mi abogado|Mi abogada} se tomó el tiempo de responder todas mis preguntas y nunca me presionó.",
      ],
      [
        "Luchó por un resultado justo",
        "La primera oferta de la aseguradora era baja; {g:mi abogado|mi abogada} la rebatió con pruebas y consiguió mucho más.",
      ],
      [
        "{g:Atento y amable|Atenta y amable}",
        "Las respuestas llegaban en un día y todo el equipo trató a mi familia con respeto en un momento difícil.",
      ],
      [
        "Volvería a {g:contratarlo|contratarla}",
        "Organización, honestidad sobre los riesgos y realismo con los plazos.",
      ],
      [
        "Me quitó un gran peso de encima",
        "Pude centrarme en recuperarme mientras {g:él|ella} se ocupaba de la aseguradora y del papeleo.",
      ],
    ],
    mixed: [
      [
        "Buen resultado, pocas noticias",
        "El resultado fue justo, pero a menudo tuve que insistir para saber cómo iba el caso.",
      ],
      [
        "Competente pero muy {g:ocupado|ocupada}",
        "El trabajo jurídico fue sólido, aunque las citas se cambiaron varias veces y las respuestas tardaban.",
      ],
      [
        "Experiencia irregular",
        "Mucha ayuda al principio y menos disponibilidad después; el acuerdo fue aceptable, pero no lo que esperaba.",
      ],
    ],
    bad: [
      [
        "Difícil de contactar",
        "Pasaron semanas sin respuesta a mis mensajes y sentí que mi caso no era una prioridad.",
      ],
      [
        "Resultado decepcionante",
        "Los honorarios se explicaron, pero el caso se cerró muy por debajo de lo que habíamos hablado.",
      ],
      [
        "Mala comunicación",
        "Plazos importantes se mencionaron a última hora, lo que me generó mucho estrés.",
      ],
    ],
    intros: {
      "Car Accidents": "Contacté con el despacho después de un accidente de tráfico.",
      "Medical Malpractice": "Necesitaba ayuda tras un error médico en el hospital.",
      "Workplace Injury": "Tuve un accidente laboral y no sabía por dónde empezar.",
      "Slip & Fall": "Resbalé en el suelo mojado de una tienda y me rompí la muñeca.",
      "Product Liability": "Un aparato defectuoso me causó una lesión en casa.",
      "Motorcycle Accidents": "Un conductor me cerró el paso cuando iba en moto.",
      "Wrongful Death": "Nuestra familia perdió a un ser querido en un accidente.",
      "Dog Bites": "Me mordió el perro de un vecino.",
      "Premises Liability": "Sufrí una caída en una escalera mal iluminada de un edificio.",
      "Birth Injury": "Nuestro bebé sufrió una lesión durante el parto.",
      "Defective Drugs": "Un medicamento me provocó efectos secundarios graves.",
      "Mass Torts": "Me sumé a una demanda colectiva por un producto peligroso.",
    },
  },
  pt: {
    good: [
      [
        "Orientação clara desde o início",
        "Cada etapa foi explicada com palavras simples, e recebi notícias até o acordo final.",
      ],
      [
        "Paciente e {g:cuidadoso|cuidadosa}",
        "{g:Meu advogado|Minha advogada} respondeu a todas as minhas dúvidas com calma e nunca me pressionou.",
      ],
      [
        "Lutou por um resultado justo",
        "A primeira proposta da seguradora era baixa; {g:meu advogado|minha advogada} contestou com provas e conseguiu muito mais.",
      ],
      [
        "Atenção e gentileza",
        "As respostas chegavam em um dia, e toda a equipe tratou minha família com respeito num momento difícil.",
      ],
      ["Contrataria de novo", "Organização, honestidade sobre os riscos e realismo quanto aos prazos."],
      [
        "Tirou um peso das minhas costas",
        "Pude me concentrar na recuperação enquanto {g:ele|ela} cuidava da seguradora e da papelada.",
      ],
    ],
    mixed: [
      [
        "Bom resultado, poucas notícias",
        "O resultado foi justo, mas muitas vezes precisei cobrar notícias sobre o andamento do caso.",
      ],
      [
        "Competente, mas muito {g:ocupado|ocupada}",
        "O trabalho jurídico foi sólido, mas as reuniões foram remarcadas várias vezes e as respostas demoravam.",
      ],
      [
        "Experiência mista",
        "Muita ajuda no começo e menos disponibilidade depois; o acordo foi aceitável, mas não o que eu esperava.",
      ],
    ],
    bad: [
      [
        "Difícil de contatar",
        "Semanas sem resposta às minhas mensagens; senti que meu caso não era prioridade.",
      ],
      [
        "Resultado decepcionante",
        "Os honorários foram explicados, mas o caso terminou muito abaixo do que tínhamos conversado.",
      ],
      [
        "Comunicação ruim",
        "Prazos importantes só foram mencionados na última hora, o que me causou muito estresse.",
      ],
    ],
    intros: {
      "Car Accidents": "Procurei o escritório depois de um acidente de trânsito.",
      "Medical Malpractice": "Precisei de ajuda depois de um erro médico no hospital.",
      "Workplace Injury": "Sofri um acidente de trabalho e não sabia por onde começar.",
      "Slip & Fall": "Escorreguei no chão molhado de uma loja e quebrei o pulso.",
      "Product Liability": "Um aparelho com defeito me causou uma lesão em casa.",
      "Motorcycle Accidents": "Um motorista me fechou quando eu estava de moto.",
      "Wrongful Death": "Nossa família perdeu um ente querido em um acidente.",
      "Dog Bites": "O cachorro de um vizinho me mordeu.",
      "Premises Liability": "Sofri uma queda numa escada mal iluminada de um prédio.",
      "Birth Injury": "Nosso bebê sofreu uma lesão durante o parto.",
      "Defective Drugs": "Um remédio me causou efeitos colaterais graves.",
      "Mass Torts": "Entrei numa ação coletiva contra um produto perigoso.",
    },
  },
  "pt-PT": {
    good: [
      [
        "Aconselhamento claro desde o início",
        "Cada passo foi explicado com palavras simples, e fui recebendo notícias até ao acordo.",
      ],
      [
        "Paciente e {g:rigoroso|rigorosa}",
        "{g:O meu advogado|A minha advogada} respondeu a todas as minhas dúvidas com calma e nunca me pressionou.",
      ],
      [
        "Lutou por um resultado justo",
        "A primeira proposta da seguradora era baixa; {g:o meu advogado|a minha advogada} contestou com provas e conseguiu muito mais.",
      ],
      [
        "Disponível e {g:atencioso|atenciosa}",
        "As respostas chegavam no próprio dia, e toda a equipa tratou a minha família com respeito num momento difícil.",
      ],
      ["Voltaria a contratar", "Organização, honestidade quanto aos riscos e realismo quanto aos prazos."],
      [
        "Tirou-me um peso de cima",
        "Pude concentrar-me na recuperação enquanto {g:ele|ela} tratava da seguradora e da papelada.",
      ],
    ],
    mixed: [
      [
        "Bom resultado, pouca informação",
        "O resultado foi justo, mas muitas vezes tive de insistir para saber como estava o processo.",
      ],
      [
        "Competente, mas muito {g:ocupado|ocupada}",
        "O trabalho jurídico foi sólido, mas as reuniões foram adiadas várias vezes e as respostas demoravam.",
      ],
      [
        "Experiência mista",
        "Muita ajuda no início e menos disponibilidade depois; o acordo foi aceitável, mas não o que esperava.",
      ],
    ],
    bad: [
      [
        "Difícil de contactar",
        "Semanas sem resposta às minhas mensagens; senti que o meu processo não era prioridade.",
      ],
      [
        "Resultado dececionante",
        "Os honorários foram explicados, mas o processo terminou muito abaixo do que tínhamos falado.",
      ],
      [
        "Má comunicação",
        "Prazos importantes só foram referidos à última hora, o que me causou muito stress.",
      ],
    ],
    intros: {
      "Car Accidents": "Contactei o escritório depois de um acidente de viação.",
      "Medical Malpractice": "Precisei de ajuda depois de um erro médico no hospital.",
      "Workplace Injury": "Tive um acidente de trabalho e não sabia por onde começar.",
      "Slip & Fall": "Escorreguei no chão molhado de uma loja e parti o pulso.",
      "Product Liability": "Um aparelho com defeito causou-me uma lesão em casa.",
      "Motorcycle Accidents": "Um condutor cortou-me a frente quando eu ia de mota.",
      "Wrongful Death": "A nossa família perdeu um ente querido num acidente.",
      "Dog Bites": "O cão de um vizinho mordeu-me.",
      "Premises Liability": "Sofri uma queda numa escada mal iluminada de um prédio.",
      "Birth Injury": "O nosso bebé sofreu uma lesão durante o parto.",
      "Defective Drugs": "Um medicamento causou-me efeitos secundários graves.",
      "Mass Torts": "Aderi a uma ação coletiva contra um produto perigoso.",
    },
  },
  nl: {
    good: [
      [
        "Heldere uitleg vanaf het begin",
        "Elke stap werd duidelijk uitgelegd en ik werd tot aan de schikking goed op de hoogte gehouden.",
      ],
      ["Geduldig en grondig", "Mijn advocaat nam de tijd voor al mijn vragen en zette me nooit onder druk."],
      [
        "Heeft zich echt ingezet",
        "Het eerste bod van de verzekeraar was laag; mijn advocaat onderbouwde een tegenvoorstel en haalde veel meer binnen.",
      ],
      [
        "Snel en vriendelijk",
        "Reacties kwamen binnen een dag en het hele team ging in een moeilijke periode respectvol met ons om.",
      ],
      [
        "Zou ik zo weer kiezen",
        "Goed georganiseerd, eerlijk over de risico's en realistisch over hoe lang het zou duren.",
      ],
      [
        "Een hele zorg minder",
        "Ik kon me op mijn herstel richten terwijl mijn advocaat de verzekeraar en het papierwerk regelde.",
      ],
    ],
    mixed: [
      [
        "Goed resultaat, trage updates",
        "De uitkomst was redelijk, maar ik moest vaak zelf vragen hoe het met mijn zaak stond.",
      ],
      [
        "Deskundig maar erg druk",
        "Het juridische werk was degelijk, al werden afspraken een paar keer verzet en duurden antwoorden lang.",
      ],
      [
        "Wisselende ervaring",
        "In het begin veel hulp, later minder bereikbaar; de schikking was acceptabel, maar niet wat ik had gehoopt.",
      ],
    ],
    bad: [
      [
        "Slecht bereikbaar",
        "Wekenlang geen antwoord op mijn berichten; mijn zaak leek geen prioriteit te hebben.",
      ],
      [
        "Teleurstellende uitkomst",
        "De kosten waren uitgelegd, maar de zaak werd afgesloten ver onder wat we hadden besproken.",
      ],
      [
        "Slechte communicatie",
        "Belangrijke termijnen werden pas op het laatste moment genoemd, wat veel stress gaf.",
      ],
    ],
    intros: {
      "Car Accidents": "Ik nam contact op na een kop-staartbotsing.",
      "Medical Malpractice": "Ik had hulp nodig na een medische fout in het ziekenhuis.",
      "Workplace Injury": "Ik raakte gewond op mijn werk en wist niet waar ik moest beginnen.",
      "Slip & Fall": "Ik gleed uit over een natte vloer in een winkel en brak mijn pols.",
      "Product Liability": "Een defect apparaat heeft mij thuis verwond.",
      "Motorcycle Accidents": "Een automobilist sneed mij af terwijl ik op de motor zat.",
      "Wrongful Death": "Onze familie verloor een naaste bij een ongeval.",
      "Dog Bites": "Ik werd gebeten door de hond van de buren.",
      "Premises Liability": "Ik viel op een slecht verlichte trap in een huurpand.",
      "Birth Injury": "Ons kindje liep letsel op bij de geboorte.",
      "Defective Drugs": "Een medicijn gaf mij ernstige bijwerkingen.",
      "Mass Torts": "Ik sloot mij aan bij een collectieve actie over een schadelijk product.",
    },
  },
  ja: {
    good: [
      [
        "最初から説明がわかりやすい",
        "手続きの一つひとつをわかりやすく説明してくださり、示談が成立するまで毎回きちんと状況を知らせてくれました。",
      ],
      [
        "親身で丁寧な対応",
        "どんな質問にも時間をかけて答えてくださり、決断を急かされることは一度もありませんでした。",
      ],
      [
        "納得のいく結果に",
        "保険会社の最初の提示額は低いものでしたが、先生が資料をそろえて交渉してくださり、大幅に増額されました。",
      ],
      [
        "対応が早く安心できた",
        "連絡にはたいてい当日中に返信があり、つらい時期に家族にも丁寧に接していただきました。",
      ],
      ["また依頼したい", "段取りがよく、リスクも正直に説明してくださり、解決までの見通しも現実的でした。"],
      [
        "肩の荷が下りました",
        "保険会社とのやり取りや書類の準備をすべて任せられたので、安心して治療に専念できました。",
      ],
    ],
    mixed: [
      [
        "結果は良いが連絡が遅い",
        "結果には納得していますが、進み具合を知るためにこちらから何度も問い合わせる必要がありました。",
      ],
      [
        "有能だが多忙",
        "法的な対応はしっかりしていましたが、面談の日程が何度も変わり、返事にも時間がかかりました。",
      ],
      [
        "満足と不満が半々",
        "最初は手厚くサポートしてもらえましたが、途中から連絡がつきにくくなり、示談額も期待ほどではありませんでした。",
      ],
    ],
    bad: [
      [
        "連絡がつきにくい",
        "メッセージへの返事が何週間もなく、私の案件は後回しにされているように感じました。とても不安でした。",
      ],
      [
        "期待外れの結果",
        "費用の説明はありましたが、事前に聞いていた見込みを大きく下回る内容で終わってしまいました。",
      ],
      ["説明不足", "重要な期限を直前になってから知らされ、準備が間に合わずとても不安な思いをしました。"],
    ],
    intros: {
      "Car Accidents": "追突事故に遭い、相談しました。",
      "Medical Malpractice": "病院での医療ミスの件でお世話になりました。",
      "Workplace Injury": "仕事中にけがをして、何から始めればよいか分かりませんでした。",
      "Slip & Fall": "店の濡れた床で転倒し、手首を骨折しました。",
      "Product Liability": "欠陥のある家電製品で自宅でけがをしました。",
      "Motorcycle Accidents": "バイクで走行中に車に進路をふさがれました。",
      "Wrongful Death": "家族を事故で亡くしました。",
      "Dog Bites": "近所の犬にかまれました。",
      "Premises Liability": "賃貸マンションの暗い階段で転倒しました。",
      "Birth Injury": "出産時に子どもが障害を負いました。",
      "Defective Drugs": "薬の重い副作用に苦しみました。",
      "Mass Torts": "有害な製品をめぐる集団訴訟に加わりました。",
    },
  },
  ar: {
    good: [
      [
        "نصيحة واضحة منذ البداية",
        "{g:شرح|شرحت} لي كل خطوة بكلمات بسيطة {g:وأبقاني|وأبقتني} على اطلاع حتى الوصول إلى التسوية.",
      ],
      [
        "{g:صبور ودقيق|صبورة ودقيقة}",
        "{g:أخذ|أخذت} الوقت الكافي للإجابة عن كل أسئلتي ولم {g:يستعجلني|تستعجلني} في أي قرار.",
      ],
      [
        "{g:دافع|دافعت} عن حقي بقوة",
        "كان العرض الأول من شركة التأمين منخفضًا، {g:فاعترض|فاعترضت} عليه بالأدلة {g:وحصل|وحصلت} على نتيجة أفضل بكثير.",
      ],
      [
        "سرعة في الرد ولطف في التعامل",
        "كانت الردود تصل خلال يوم، وتعامل الفريق كله مع عائلتي باحترام في وقت صعب.",
      ],
      ["{g:أنصح به|أنصح بها} دون تردد", "تنظيم جيد وصراحة في شرح المخاطر وتوقعات واقعية لمدة القضية."],
      [
        "{g:أزاح|أزاحت} عني عبئًا كبيرًا",
        "تمكنت من التركيز على علاجي بينما {g:تولّى|تولّت} التعامل مع شركة التأمين والأوراق.",
      ],
    ],
    mixed: [
      ["نتيجة جيدة وتواصل بطيء", "كانت النتيجة عادلة، لكنني اضطررت كثيرًا إلى السؤال عن سير القضية بنفسي."],
      [
        "{g:كفء لكنه مشغول جدًا|كفؤة لكنها مشغولة جدًا}",
        "كان العمل القانوني متقنًا، لكن المواعيد تأجلت عدة مرات وتأخرت الردود.",
      ],
      [
        "تجربة متفاوتة",
        "مساعدة كبيرة في البداية ثم صعوبة في التواصل لاحقًا؛ كانت التسوية مقبولة لكنها دون ما كنت أرجوه.",
      ],
    ],
    bad: [
      [
        "{g:يصعب التواصل معه|يصعب التواصل معها}",
        "مرّت أسابيع دون رد على رسائلي، وشعرت أن قضيتي ليست من {g:أولوياته|أولوياتها}.",
      ],
      ["نتيجة مخيبة للآمال", "شُرحت الأتعاب، لكن القضية أُغلقت بنتيجة أقل بكثير مما اتفقنا عليه."],
      ["تواصل ضعيف", "لم تُذكر المواعيد النهائية المهمة إلا في اللحظة الأخيرة، وهذا سبّب لي ضغطًا كبيرًا."],
    ],
    intros: {
      "Car Accidents": "تواصلت مع المكتب بعد حادث تصادم من الخلف.",
      "Medical Malpractice": "احتجت إلى المساعدة بعد خطأ طبي في المستشفى.",
      "Workplace Injury": "أُصبت في العمل ولم أكن أعرف من أين أبدأ.",
      "Slip & Fall": "انزلقت على أرضية مبللة في متجر وكُسر معصمي.",
      "Product Liability": "أصابني جهاز معيب في المنزل.",
      "Motorcycle Accidents": "اعترض سائق طريقي وأنا على دراجتي النارية.",
      "Wrongful Death": "فقدت عائلتنا أحد أفرادها في حادث.",
      "Dog Bites": "عضّني كلب أحد الجيران.",
      "Premises Liability": "سقطت على درج ضعيف الإضاءة في مبنى مستأجر.",
      "Birth Injury": "أُصيب طفلنا أثناء الولادة.",
      "Defective Drugs": "سبّب لي دواء آثارًا جانبية خطيرة.",
      "Mass Torts": "انضممت إلى دعوى جماعية بسبب منتج ضار.",
    },
  },
};
