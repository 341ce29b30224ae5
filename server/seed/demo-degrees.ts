/**
 * The law degrees of the demo listings (issue 28 §2 "degrees that exist in the country": not
 * "LLB / JD, State University" in Dubai or Brazil): per demo country the qualification a lawyer
 * there really holds, as it is named there and in its language ("Erste juristische Prüfung und
 * Zweite juristische Staatsprüfung (Volljurist)", "Bacharel em Direito", "بكالوريوس في القانون"),
 * and a generic description of where it is earned ("Rechtswissenschaftliche Fakultät einer
 * deutschen Universität"): the demo lawyers are fictional, so no real university is named as
 * theirs. Regions and languages with their own system (Scotland, Quebec, French-speaking
 * Belgium and Switzerland) have their own row. The table, with the text each row rests on, is
 * docs/demo-data.md "Law degrees" (rendered by degreeTableMarkdown; generate.test.ts checks it).
 */

/** One qualification: its name as conferred, where it is earned (generic), and the text naming it. */
export interface DemoDegree {
  degree: string;
  school: string;
  /** The statute, regulator or rule that names the qualification. */
  source: string;
}

/** A country's row, with rows of its own for regions (`byRegion`, the listing's state) or office languages (`byLang`). */
export interface CountryDegrees extends DemoDegree {
  byRegion?: Record<string, DemoDegree>;
  byLang?: Record<string, DemoDegree>;
}

/** One row per demo country (ISO 3166-1 alpha-2). */
export const DEMO_DEGREES: Record<string, CountryDegrees> = {
  US: {
    degree: "J.D. (Juris Doctor)",
    school: "ABA-accredited law school",
    source: "ABA Standards and Rules of Procedure for Approval of Law Schools; state bar admission rules",
  },
  CA: {
    degree: "J.D. (common law)",
    school: "Canadian common-law faculty; provincial bar admission course",
    source: "Federation of Law Societies of Canada, National Requirement for common-law degrees",
    byLang: {
      fr: {
        degree: "Baccalauréat en droit (LL. B.)",
        school: "Faculté de droit d’une université québécoise; École du Barreau du Québec",
        source: "Loi sur le Barreau (RLRQ c. B-1); Règlement sur la formation professionnelle des avocats",
      },
    },
  },
  GB: {
    degree: "LLB (Hons) and Legal Practice Course",
    school: "UK university law school",
    source: "Solicitors Regulation Authority: qualifying law degree and LPC (now the SQE route)",
    byRegion: {
      Scotland: {
        degree: "LLB (Scots law) and Diploma in Professional Legal Practice",
        school: "Scottish university law school",
        source: "Law Society of Scotland admission regulations",
      },
      "Northern Ireland": {
        degree: "LLB and Certificate in Professional Legal Studies",
        school: "Northern Irish university law school; Institute of Professional Legal Studies",
        source: "Law Society of Northern Ireland admission regulations",
      },
    },
  },
  AU: {
    degree: "Bachelor of Laws (LLB) and Practical Legal Training",
    school: "Australian university law school",
    source: "Uniform Admission Rules 2015 (academic and practical legal training requirements)",
  },
  DE: {
    degree: "Erste juristische Prüfung und Zweite juristische Staatsprüfung (Volljurist)",
    school: "Rechtswissenschaftliche Fakultät einer deutschen Universität; Referendariat",
    source: "§ 5 Deutsches Richtergesetz (Befähigung zum Richteramt); § 4 BRAO",
  },
  FR: {
    degree: "Master 2 en droit et CAPA (certificat d’aptitude à la profession d’avocat)",
    school: "Faculté de droit; centre régional de formation professionnelle des avocats",
    source: "Loi n° 71-1130, art. 11; décret n° 91-1197 (CAPA)",
  },
  NL: {
    degree: "Master in de rechtsgeleerdheid en Beroepsopleiding Advocaten",
    school: "Rechtenfaculteit van een Nederlandse universiteit",
    source: "Advocatenwet art. 2; Verordening op de advocatuur (beroepsopleiding)",
  },
  JP: {
    degree: "法学部卒業・司法修習修了",
    school: "国内の大学法学部・法科大学院",
    source: "弁護士法第4条（司法修習生の修習を終えた者）",
  },
  ES: {
    degree: "Grado en Derecho y Máster de Acceso a la Abogacía",
    school: "Facultad de Derecho de una universidad española",
    source: "Ley 34/2006 sobre el acceso a las profesiones de Abogado y Procurador",
  },
  IT: {
    degree: "Laurea magistrale in Giurisprudenza; esame di abilitazione forense",
    school: "Facoltà di Giurisprudenza di un’università italiana",
    source: "Legge 247/2012, artt. 17 e 46",
  },
  MX: {
    degree: "Licenciatura en Derecho (cédula profesional)",
    school: "Facultad de Derecho de una universidad mexicana",
    source: "Ley Reglamentaria del Artículo 5º Constitucional (profesiones)",
  },
  BR: {
    degree: "Bacharel em Direito; Exame de Ordem (OAB)",
    school: "Faculdade de Direito de uma universidade brasileira",
    source: "Lei 8.906/1994, art. 8º (diploma de bacharel em direito e Exame de Ordem)",
  },
  IN: {
    degree: "LL.B. (enrolled with the State Bar Council)",
    school: "BCI-recognised law college",
    source: "Advocates Act 1961, s. 24; Bar Council of India Rules on Legal Education",
  },
  IE: {
    degree: "BCL or LLB; Professional Practice Course (Law Society of Ireland)",
    school: "Irish university law school",
    source: "Solicitors Acts 1954–2015; Law Society of Ireland education regulations",
  },
  NZ: {
    degree: "Bachelor of Laws (LLB); Professional Legal Studies Course",
    school: "New Zealand university law school",
    source: "New Zealand Council of Legal Education (Admission) Regulations",
  },
  ZA: {
    degree: "LLB; practical vocational training and admission examination",
    school: "South African university law faculty",
    source: "Legal Practice Act 28 of 2014, s. 26",
  },
  KR: {
    degree: "법학전문석사(J.D.), 변호사시험 합격",
    school: "국내 법학전문대학원",
    source: "변호사시험법 제5조; 법학전문대학원 설치·운영에 관한 법률",
  },
  PT: {
    degree: "Licenciatura em Direito; estágio da Ordem dos Advogados",
    school: "Faculdade de Direito de uma universidade portuguesa",
    source: "Estatuto da Ordem dos Advogados (Lei 145/2015), arts. 194 ss.",
  },
  BE: {
    degree: "Master in de rechten",
    school: "Faculteit Rechtsgeleerdheid van een Belgische universiteit",
    source: "Gerechtelijk Wetboek art. 428",
    byLang: {
      fr: {
        degree: "Master en droit",
        school: "Faculté de droit d’une université belge",
        source: "Code judiciaire, art. 428",
      },
    },
  },
  CH: {
    degree: "Master of Law (MLaw) und Anwaltspatent",
    school: "Rechtswissenschaftliche Fakultät einer Schweizer Universität",
    source: "Anwaltsgesetz (BGFA), Art. 7",
    byLang: {
      fr: {
        degree: "Master en droit (MLaw) et brevet d’avocat",
        school: "Faculté de droit d’une université suisse",
        source: "Loi sur les avocats (LLCA), art. 7",
      },
    },
  },
  PL: {
    degree: "Magister prawa; aplikacja adwokacka i egzamin adwokacki",
    school: "Wydział Prawa polskiego uniwersytetu",
    source: "Prawo o adwokaturze, art. 65",
  },
  TR: {
    degree: "Hukuk Fakültesi lisans diploması; avukatlık stajı",
    school: "Türk üniversitesi hukuk fakültesi",
    source: "Avukatlık Kanunu (1136), madde 3",
  },
  AT: {
    degree: "Magister der Rechtswissenschaften (Mag. iur.); Rechtsanwaltsprüfung",
    school: "Rechtswissenschaftliche Fakultät einer österreichischen Universität",
    source: "Rechtsanwaltsordnung § 1; Rechtsanwaltsprüfungsgesetz",
  },
  SE: {
    degree: "Juristexamen; advokatexamen",
    school: "Juridiska fakulteten vid ett svenskt universitet",
    source: "Rättegångsbalken 8 kap. 2 §",
  },
  AR: {
    degree: "Abogado (título de grado)",
    school: "Facultad de Derecho de una universidad argentina",
    source: "Ley 23.187 (ejercicio de la abogacía), art. 2",
  },
  NG: {
    degree: "LL.B.; B.L. (Nigerian Law School)",
    school: "Nigerian university faculty of law; Nigerian Law School",
    source: "Legal Practitioners Act, s. 4; Legal Education (Consolidation, etc.) Act",
  },
  SG: {
    degree: "LL.B. or J.D.; Part B of the Singapore Bar Examinations",
    school: "Singapore or approved overseas law school",
    source: "Legal Profession (Qualified Persons) Rules",
  },
  NO: {
    degree: "Master i rettsvitenskap",
    school: "Juridisk fakultet ved et norsk universitet",
    source: "Domstolloven § 220",
  },
  DK: {
    degree: "Cand.jur. (kandidat i jura)",
    school: "Juridisk Fakultet ved et dansk universitet",
    source: "Retsplejeloven § 119",
  },
  HK: {
    degree: "LLB; PCLL (Postgraduate Certificate in Laws)",
    school: "Hong Kong university law faculty",
    source: "Legal Practitioners Ordinance (Cap. 159); Solicitors (Qualification) Rules",
  },
  PH: {
    degree: "Juris Doctor (J.D.); Philippine Bar Examinations",
    school: "Philippine college of law",
    source: "Rules of Court, Rule 138, s. 5–6",
  },
  ID: {
    degree: "Sarjana Hukum (S.H.); Pendidikan Khusus Profesi Advokat",
    school: "Fakultas Hukum universitas di Indonesia",
    source: "Undang-Undang No. 18 Tahun 2003 tentang Advokat, Pasal 2–3",
  },
  GR: {
    degree: "Πτυχίο Νομικής",
    school: "Νομική Σχολή ελληνικού πανεπιστημίου",
    source: "Κώδικας Δικηγόρων (ν. 4194/2013), άρθρο 13",
  },
  CL: {
    degree: "Licenciado en Ciencias Jurídicas; título de Abogado",
    school: "Facultad de Derecho de una universidad chilena",
    source: "Código Orgánico de Tribunales, arts. 521–523",
  },
  CO: {
    degree: "Abogado (título profesional); tarjeta profesional",
    school: "Facultad de Derecho de una universidad colombiana",
    source: "Decreto 196 de 1971 (estatuto del ejercicio de la abogacía)",
  },
  FI: {
    degree: "Oikeustieteen maisteri (OTM)",
    school: "Suomalaisen yliopiston oikeustieteellinen tiedekunta",
    source: "Laki asianajajista (496/1958), 3 §",
  },
  CZ: {
    degree: "Magistr práv (Mgr.); advokátní zkouška",
    school: "Právnická fakulta české univerzity",
    source: "Zákon o advokacii (85/1996 Sb.), § 5",
  },
  HU: {
    degree: "Jogász (dr. jur.); jogi szakvizsga",
    school: "Magyar egyetem állam- és jogtudományi kara",
    source: "2017. évi LXXVIII. törvény az ügyvédi tevékenységről",
  },
  RO: {
    degree: "Licențiat în Drept; examen de primire în profesia de avocat",
    school: "Facultatea de Drept a unei universități din România",
    source: "Legea 51/1995, art. 16",
  },
  KE: {
    degree: "LL.B.; Postgraduate Diploma in Law (Kenya School of Law)",
    school: "Kenyan university law school; Kenya School of Law",
    source: "Advocates Act (Cap. 16), s. 12–13",
  },
  MY: {
    degree: "LL.B.; Certificate in Legal Practice (CLP)",
    school: "Malaysian university law faculty",
    source: "Legal Profession Act 1976, s. 3 (qualified person)",
  },
  VN: {
    degree: "Cử nhân Luật; chứng chỉ đào tạo nghề luật sư",
    school: "Trường đại học luật tại Việt Nam",
    source: "Luật Luật sư 2006 (sửa đổi 2012), Điều 10–12",
  },
  PE: {
    degree: "Abogado (título profesional)",
    school: "Facultad de Derecho de una universidad peruana",
    source: "Ley Universitaria 30220, art. 45",
  },
  IL: {
    degree: "בוגר במשפטים (LL.B.)",
    school: "פקולטה למשפטים באוניברסיטה בישראל",
    source: "חוק לשכת עורכי הדין, התשכ״א-1961, סעיף 25",
  },
  GH: {
    degree: "LL.B.; Qualifying Certificate in Law (Ghana School of Law)",
    school: "Ghanaian university law faculty; Ghana School of Law",
    source: "Legal Profession Act 1960 (Act 32), s. 3",
  },
  MA: {
    degree: "Licence en droit; CAPA (certificat d’aptitude à la profession d’avocat)",
    school: "Faculté des sciences juridiques d’une université marocaine",
    source: "Loi n° 28-08 réglementant la profession d’avocat, art. 5",
  },
  SK: {
    degree: "Magister práva (Mgr.); advokátska skúška",
    school: "Právnická fakulta slovenskej univerzity",
    source: "Zákon o advokácii (586/2003 Z. z.), § 3",
  },
  HR: {
    degree: "Magistar prava (mag. iur.); pravosudni ispit",
    school: "Pravni fakultet hrvatskog sveučilišta",
    source: "Zakon o odvjetništvu, čl. 48",
  },
  RS: {
    degree: "Diplomirani pravnik (master); pravosudni ispit",
    school: "Pravni fakultet univerziteta u Srbiji",
    source: "Zakon o advokaturi, čl. 6",
  },
  CR: {
    degree: "Licenciatura en Derecho",
    school: "Facultad de Derecho de una universidad costarricense",
    source: "Ley Orgánica del Colegio de Abogados (Ley 13), art. 2",
  },
  SI: {
    degree: "Magister prava; pravniški državni izpit",
    school: "Pravna fakulteta slovenske univerze",
    source: "Zakon o odvetništvu, 25. člen",
  },
  LV: {
    degree: "Tiesību zinātņu maģistrs",
    school: "Latvijas augstskolas juridiskā fakultāte",
    source: "Advokatūras likums, 14. pants",
  },
  EE: {
    degree: "Õigusteaduse magister",
    school: "Eesti ülikooli õigusteaduskond",
    source: "Advokatuuriseadus, § 23",
  },
  LU: {
    degree: "Master en droit; Certificat de formation complémentaire en droit luxembourgeois",
    school: "Faculté de droit (Luxembourg ou étranger)",
    source: "Loi du 10 août 1991 sur la profession d’avocat, art. 6",
  },
  SN: {
    degree: "Master en droit; CAPA (certificat d’aptitude à la profession d’avocat)",
    school: "Faculté des sciences juridiques et politiques d’une université sénégalaise",
    source: "Règlement n° 05/CM/UEMOA (2014), art. 19",
  },
  JM: {
    degree: "LL.B.; Certificate of Legal Education",
    school: "University law faculty; Norman Manley Law School",
    source: "Legal Profession Act 1971, s. 5",
  },
  IS: {
    degree: "Mag. jur. (meistarapróf í lögfræði)",
    school: "Lagadeild íslensks háskóla",
    source: "Lög um lögmenn nr. 77/1998, 6. gr.",
  },
  AE: {
    degree: "بكالوريوس في القانون (LLB)",
    school: "كلية القانون في جامعة إماراتية",
    source: "Federal Decree-Law No. 34 of 2022 (Advocacy), art. 6: a law degree",
  },
  SA: {
    degree: "بكالوريوس الأنظمة",
    school: "كلية الأنظمة في جامعة سعودية",
    source: "نظام المحاماة (Royal Decree M/38), art. 3: a degree in Sharia or law (الأنظمة)",
  },
  EG: {
    degree: "ليسانس الحقوق",
    school: "كلية الحقوق في جامعة مصرية",
    source: "قانون المحاماة رقم 17 لسنة 1983، المادة 13",
  },
  QA: {
    degree: "بكالوريوس القانون",
    school: "كلية القانون في جامعة قطرية",
    source: "Law No. 23 of 2006 on the Legal Profession, art. 13",
  },
  KW: {
    degree: "ليسانس الحقوق",
    school: "كلية الحقوق في جامعة كويتية",
    source: "Law No. 42 of 1964 on the Legal Profession, art. 2",
  },
};

/** The fallback for a country without a row: a law degree in English words (no country-specific name). */
export const FALLBACK_DEGREE: DemoDegree = {
  degree: "Law degree",
  school: "University law faculty",
  source: "generic",
};

/**
 * The degree of a demo lawyer in `countryCode` (region `state`, office language `lang`, ISO 639-1):
 * the region's row, else the language's, else the country's; FALLBACK_DEGREE for a country
 * without one. Pure.
 */
export function demoDegree(countryCode: string, state: string | null, lang: string): DemoDegree {
  const row = DEMO_DEGREES[countryCode];
  if (!row) return FALLBACK_DEGREE;
  return (state ? row.byRegion?.[state] : undefined) ?? row.byLang?.[lang] ?? row;
}

/**
 * The table of docs/demo-data.md "Law degrees" rendered from DEMO_DEGREES (Markdown, one row per
 * country and one per region or language variant; `names` gives each code's English name). The
 * document must contain exactly this text (generate.test.ts).
 */
export function degreeTableMarkdown(names: (code: string) => string): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const rows: string[] = [];
  for (const [code, r] of Object.entries(DEMO_DEGREES)) {
    rows.push(`| ${code} | ${names(code)} | ${cell(r.degree)} | ${cell(r.school)} | ${cell(r.source)} |`);
    for (const [region, v] of Object.entries(r.byRegion ?? {}))
      rows.push(
        `| ${code} | ${names(code)}: ${region} | ${cell(v.degree)} | ${cell(v.school)} | ${cell(v.source)} |`,
      );
    for (const [lang, v] of Object.entries(r.byLang ?? {}))
      rows.push(
        `| ${code} | ${names(code)} (${lang}) | ${cell(v.degree)} | ${cell(v.school)} | ${cell(v.source)} |`,
      );
  }
  return [
    "| Code | Country | Degree as conferred | Where (generic) | Named in |",
    "| ---- | ------- | ------------------- | --------------- | -------- |",
    ...rows,
  ].join("\n");
}
