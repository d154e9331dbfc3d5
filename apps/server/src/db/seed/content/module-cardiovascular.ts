// Stage 1, paid (granted to the demo student): cardiac anatomy, electrophysiology, haemodynamics and
// antihypertensives. Lecture pages live in pages-cardiovascular.ts.
import {
  ANTIHYPERTENSIVES_PAGE,
  CARDIAC_ANATOMY_PAGE,
  CARDIAC_CYCLE_PAGE,
  CONDUCTION_PAGE,
} from './pages-cardiovascular.ts';
import type { DemoModule } from './types.ts';

export const CARDIOVASCULAR_MODULE: DemoModule = {
  key: 'cardiovascular',
  name: 'Cardiovascular System',
  stage: 1,
  isFree: false,
  isGlobal: false,
  grantToDemoStudent: true,
  extraInfo: 'Paid module: anatomy, electrophysiology, haemodynamics and antihypertensive drugs.',
  subjects: [
    {
      key: 'cardiac-anatomy-electrophysiology',
      name: 'Cardiac Anatomy & Electrophysiology',
      topics: [
        {
          key: 'heart-chambers-coronaries',
          name: 'Chambers, Valves & Coronary Circulation',
          decks: [
            {
              name: 'Heart Anatomy',
              cards: [
                {
                  front: `<p>Trace the path of blood through the heart, starting from the venae cavae.</p>`,
                  back: `<ol><li>Superior and inferior venae cavae → right atrium</li><li>Tricuspid valve → right ventricle</li><li>Pulmonary valve → pulmonary trunk → lungs</li><li>Pulmonary veins → left atrium</li><li>Mitral valve → left ventricle</li><li>Aortic valve → aorta</li></ol>`,
                },
                {
                  front: `<p>Which valves are <strong>atrioventricular</strong> and which are <strong>semilunar</strong>? What holds the AV valve cusps?</p>`,
                  back: `<ul><li>AV valves: <strong>tricuspid</strong> (right, three cusps) and <strong>mitral</strong> (left, two cusps)</li><li>Semilunar valves: <strong>pulmonary</strong> and <strong>aortic</strong> (three cusps each)</li></ul><p>AV cusps are tethered by <strong>chordae tendineae</strong> to <strong>papillary muscles</strong>, which contract in systole to prevent eversion.</p>`,
                },
                {
                  front: `<p>What causes the first and second heart sounds? Why does S2 split on inspiration?</p>`,
                  back: `<p><strong>S1</strong>: closure of the mitral and tricuspid valves (start of systole). <strong>S2</strong>: closure of the aortic and pulmonary valves (end of systole).</p><p>Inspiration increases venous return to the right heart, prolonging right ventricular ejection, so <strong>P2 follows A2</strong> more noticeably: physiological splitting.</p>`,
                },
                {
                  front: `<p>Which regions does the <strong>left anterior descending</strong> artery supply? And the <strong>circumflex</strong>?</p>`,
                  back: `<ul><li><strong>LAD</strong>: anterior wall of the LV, anterior two-thirds of the interventricular septum, apex</li><li><strong>Circumflex</strong>: lateral and posterior walls of the LV (and the left atrium)</li></ul><p>Both arise from the left main coronary artery.</p>`,
                },
                {
                  front: `<p>What does the <strong>right coronary artery</strong> usually supply?</p>`,
                  back: `<ul><li>Right atrium and most of the right ventricle</li><li><strong>SA node</strong> (about 60% of people)</li><li><strong>AV node</strong> (about 80–90%)</li><li>Inferior wall of the LV and posterior third of the septum (via the posterior descending artery, in right-dominant hearts)</li></ul>`,
                },
                {
                  front: `<p>What defines <strong>coronary dominance</strong>, and which pattern is most common?</p>`,
                  back: `<p>The artery that gives rise to the <strong>posterior descending (interventricular) artery</strong>.</p><p>Right dominance is most common (roughly 70–80%); left dominance (from the circumflex) and co-dominance make up the rest.</p>`,
                },
                {
                  front: `<p>When in the cardiac cycle does the left ventricle receive most of its coronary blood flow? Why does tachycardia matter?</p>`,
                  back: `<p>During <strong>diastole</strong> — in systole the contracting myocardium compresses the intramural vessels.</p><p>Tachycardia shortens diastole more than systole, reducing perfusion time while increasing oxygen demand, which can provoke ischaemia.</p>`,
                },
                {
                  front: `<p>Where do you listen for each heart valve?</p>`,
                  back: `<table><thead><tr><th>Valve</th><th>Site</th></tr></thead><tbody><tr><td>Aortic</td><td>2nd intercostal space, right sternal edge</td></tr><tr><td>Pulmonary</td><td>2nd intercostal space, left sternal edge</td></tr><tr><td>Tricuspid</td><td>4th–5th intercostal space, left lower sternal edge</td></tr><tr><td>Mitral</td><td>5th intercostal space, mid-clavicular line (apex)</td></tr></tbody></table>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Coronary Anatomy Quiz',
              questions: [
                {
                  question: `A 58-year-old man has chest pain and ST elevation in leads V1–V4. Which artery is most likely occluded?`,
                  option1: 'Right coronary artery',
                  option2: 'Left circumflex artery',
                  option3: 'Left anterior descending artery',
                  option4: 'Posterior descending artery',
                  option5: 'Right marginal artery',
                  correctOption: 3,
                  explanation: `V1–V4 look at the septum and anterior wall of the left ventricle, supplied by the LAD. Inferior changes (II, III, aVF) usually reflect the RCA (or its posterior descending branch); lateral changes (I, aVL, V5–V6) reflect the circumflex. The right marginal artery supplies the right ventricle.`,
                },
                {
                  question: `In most people the AV node is supplied by a branch of which artery?`,
                  option1: 'Left anterior descending artery',
                  option2: 'Right coronary artery',
                  option3: 'Left circumflex artery',
                  option4: 'Left main coronary artery',
                  correctOption: 2,
                  explanation: `The AV nodal artery arises from the RCA in about 80–90% of people (those with right dominance), near the crux of the heart. This is why inferior myocardial infarction (RCA) is often complicated by AV block. The LAD and circumflex supply it only in left-dominant hearts.`,
                },
                {
                  question: `Where on the chest wall is the mitral area for auscultation?`,
                  option1: '2nd intercostal space, right sternal edge',
                  option2: '2nd intercostal space, left sternal edge',
                  option3: '4th intercostal space, left sternal edge',
                  option4: '6th intercostal space, anterior axillary line',
                  option5: '5th intercostal space, mid-clavicular line',
                  correctOption: 5,
                  explanation: `The mitral area corresponds to the apex beat: normally the 5th left intercostal space in the mid-clavicular line. The 2nd right and left spaces are the aortic and pulmonary areas; the left lower sternal edge is the tricuspid area. An apex in the 6th space, anterior axillary line, suggests a displaced apex (e.g. a dilated left ventricle).`,
                },
              ],
            },
          ],
          pages: [CARDIAC_ANATOMY_PAGE],
        },
        {
          key: 'conduction-ecg',
          name: 'Conduction System & ECG Basics',
          decks: [
            {
              name: 'Conduction & ECG',
              cards: [
                {
                  front: `<p>Name, in order, the parts of the cardiac conduction system shown.</p><p><img src="/demo-images/conduction-system.svg" alt="Schematic heart with the conduction system highlighted"></p>`,
                  back: `<ol><li>Sinoatrial (SA) node — junction of SVC and right atrium</li><li>Atrial myocardium / internodal pathways</li><li>Atrioventricular (AV) node — lower interatrial septum</li><li>Bundle of His</li><li>Right and left bundle branches</li><li>Purkinje fibres</li></ol>`,
                },
                {
                  front: `<p>What are the intrinsic firing rates of the cardiac pacemakers?</p>`,
                  back: `<ul><li>SA node: <strong>60–100</strong>/min</li><li>AV node / junction: <strong>40–60</strong>/min</li><li>Ventricular (Purkinje) escape: <strong>20–40</strong>/min</li></ul><p>The fastest pacemaker suppresses the others (overdrive suppression).</p>`,
                },
                {
                  front: `<p>Why is conduction delayed at the AV node, and by how much?</p>`,
                  back: `<p>The AV node conducts slowly (about 0.05 m/s) because of small cells, few gap junctions and Ca<sup>2+</sup>-dependent action potentials. The delay of about <strong>0.1 s</strong> lets the atria finish emptying before the ventricles contract, and limits the ventricular rate in atrial fibrillation.</p>`,
                },
                {
                  front: `<p>Describe the ionic basis of the <strong>SA node</strong> action potential.</p>`,
                  back: `<ul><li><strong>Phase 4</strong>: slow spontaneous depolarisation — the "funny" Na<sup>+</sup> current (I<sub>f</sub>, HCN channels), then T-type Ca<sup>2+</sup></li><li><strong>Phase 0</strong>: upstroke by <strong>L-type Ca<sup>2+</sup></strong> influx (not fast Na<sup>+</sup>)</li><li><strong>Phase 3</strong>: repolarisation by K<sup>+</sup> efflux</li></ul><p>There are no phases 1 and 2.</p>`,
                },
                {
                  front: `<p>Describe phases 0–4 of the <strong>ventricular myocyte</strong> action potential.</p>`,
                  back: `<ul><li><strong>0</strong>: rapid depolarisation, fast Na<sup>+</sup> influx</li><li><strong>1</strong>: early partial repolarisation, transient outward K<sup>+</sup> current</li><li><strong>2</strong>: plateau — L-type Ca<sup>2+</sup> in balanced by K<sup>+</sup> out</li><li><strong>3</strong>: repolarisation, delayed rectifier K<sup>+</sup> currents</li><li><strong>4</strong>: resting potential about −90 mV (inward rectifier K<sup>+</sup>)</li></ul>`,
                },
                {
                  front: `<p>What does each part of the ECG represent, with normal durations?</p>`,
                  back: `<ul><li><strong>P wave</strong>: atrial depolarisation</li><li><strong>PR interval</strong>: 0.12–0.20 s (120–200 ms) — atrial depolarisation plus AV nodal delay</li><li><strong>QRS</strong>: ventricular depolarisation, &lt;0.12 s (atrial repolarisation is hidden in it)</li><li><strong>T wave</strong>: ventricular repolarisation</li><li><strong>QTc</strong>: roughly up to 440 ms in men and 460 ms in women (cut-offs vary)</li></ul>`,
                },
                {
                  front: `<p>At standard ECG settings, what do the small and large squares represent? How do you estimate heart rate?</p>`,
                  back: `<p>At 25 mm/s: small square (1 mm) = <strong>0.04 s</strong>; large square (5 mm) = <strong>0.2 s</strong>. Calibration: 10 mm = 1 mV.</p><p>Regular rhythm: rate = <strong>300 ÷ large squares</strong> (or 1500 ÷ small squares) between R waves. Irregular: QRS complexes in a 10-second strip × 6.</p>`,
                },
                {
                  front: `<p>Which ECG leads look at which territory of the left ventricle?</p>`,
                  back: `<table><thead><tr><th>Territory</th><th>Leads</th><th>Usual artery</th></tr></thead><tbody><tr><td>Inferior</td><td>II, III, aVF</td><td>RCA (sometimes circumflex)</td></tr><tr><td>Septal</td><td>V1–V2</td><td>LAD</td></tr><tr><td>Anterior</td><td>V3–V4</td><td>LAD</td></tr><tr><td>Lateral</td><td>I, aVL, V5–V6</td><td>Circumflex / diagonal</td></tr></tbody></table>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'ECG Basics Quiz',
              questions: [
                {
                  question: `On a regular ECG recorded at 25 mm/s, there are 4 large squares between consecutive R waves. What is the heart rate?`,
                  option1: '60 beats/min',
                  option2: '100 beats/min',
                  option3: '150 beats/min',
                  option4: '75 beats/min',
                  option5: '50 beats/min',
                  correctOption: 4,
                  explanation: `Each large square is 0.2 s, so the R–R interval is 0.8 s and the rate is 60 ÷ 0.8 = 75/min (the shortcut 300 ÷ 4 gives the same answer). 5 squares would be 60/min, 3 squares 100/min, 2 squares 150/min and 6 squares 50/min.`,
                },
                {
                  question: `Which current is responsible for the upstroke (phase 0) of the SA node action potential?`,
                  option1: 'Ca²⁺ influx through L-type channels',
                  option2: 'Na⁺ influx through fast voltage-gated Na⁺ channels',
                  option3: 'The funny current (Iƒ) through HCN channels',
                  option4: 'K⁺ efflux through delayed rectifier channels',
                  option5: 'Cl⁻ influx',
                  correctOption: 1,
                  explanation: `Nodal cells have a less negative diastolic potential, at which fast Na⁺ channels are inactivated, so the upstroke is carried by L-type Ca²⁺ channels — which is why calcium channel blockers such as verapamil slow nodal conduction. The funny current (Iƒ) drives phase 4 (the pacemaker potential), and K⁺ efflux repolarises the cell in phase 3. Fast Na⁺ influx is phase 0 of atrial and ventricular myocytes.`,
                },
                {
                  question: `An ECG shows a constant PR interval of 0.28 s, with every P wave followed by a QRS complex. What is this?`,
                  option1: 'Normal sinus rhythm',
                  option2: 'Mobitz type I (Wenckebach) AV block',
                  option3: 'First-degree AV block',
                  option4: 'Mobitz type II AV block',
                  option5: 'Complete (third-degree) heart block',
                  correctOption: 3,
                  explanation: `A PR interval above 0.20 s (5 small squares) that is constant, with 1:1 conduction, is first-degree AV block — delayed but never blocked conduction. Mobitz I shows progressive PR lengthening until a beat is dropped; Mobitz II shows dropped beats with a constant PR; complete heart block shows P waves and QRS complexes with no relationship.`,
                },
              ],
            },
          ],
          pages: [CONDUCTION_PAGE],
        },
      ],
    },
    {
      key: 'cardiac-physiology-pharmacology',
      name: 'Haemodynamics & Cardiovascular Pharmacology',
      topics: [
        {
          key: 'cardiac-cycle-output',
          name: 'Cardiac Cycle & Cardiac Output',
          decks: [
            {
              name: 'Cardiac Cycle',
              cards: [
                {
                  front: `<p>Using the Wiggers diagram, describe <strong>isovolumetric contraction</strong>.</p><p><img src="/demo-images/cardiac-cycle.svg" alt="Simplified Wiggers diagram of aortic, left ventricular and left atrial pressures"></p>`,
                  back: `<ul><li>Starts when LV pressure exceeds LA pressure: <strong>mitral valve closes</strong> (S1)</li><li>All four valves are closed; volume stays at the end-diastolic volume</li><li>LV pressure rises steeply from about 10 to about 80 mmHg</li><li>Ends when LV pressure exceeds aortic pressure: <strong>aortic valve opens</strong></li></ul>`,
                },
                {
                  front: `<p>List the phases of the cardiac cycle in order, starting with atrial systole.</p>`,
                  back: `<ol><li>Atrial systole</li><li>Isovolumetric (ventricular) contraction</li><li>Ejection (rapid, then reduced)</li><li>Isovolumetric relaxation</li><li>Ventricular filling (rapid filling, then diastasis)</li></ol>`,
                },
                {
                  front: `<p>Typical resting adult values of EDV, ESV, stroke volume and ejection fraction?</p>`,
                  back: `<ul><li>End-diastolic volume: ~120 mL</li><li>End-systolic volume: ~50 mL</li><li>Stroke volume = EDV − ESV ≈ <strong>70 mL</strong></li><li>Ejection fraction = SV ÷ EDV ≈ <strong>55–70%</strong></li></ul>`,
                },
                {
                  front: `<p>How is <strong>cardiac output</strong> calculated and what is a normal resting value? What is the cardiac index?</p>`,
                  back: `<p>CO = heart rate × stroke volume ≈ 70/min × 70 mL ≈ <strong>5 L/min</strong> at rest.</p><p>Cardiac index = CO ÷ body surface area, normally about <strong>2.5–4 L/min/m<sup>2</sup></strong>.</p>`,
                },
                {
                  front: `<p>What are the three determinants of <strong>stroke volume</strong>?</p>`,
                  back: `<ul><li><strong>Preload</strong>: ventricular stretch at end-diastole (EDV)</li><li><strong>Afterload</strong>: the load the ventricle ejects against (aortic pressure, wall stress)</li><li><strong>Contractility</strong> (inotropy): force at a given preload — ↑ by sympathetic stimulation, ↓ by ischaemia and many drugs</li></ul>`,
                },
                {
                  front: `<p>State the <strong>Frank–Starling</strong> law.</p>`,
                  back: `<p>Within physiological limits, the greater the end-diastolic volume (stretch), the greater the force of contraction and stroke volume. It matches the output of the two ventricles beat by beat.</p>`,
                },
                {
                  front: `<p>What causes the <strong>third</strong> and <strong>fourth</strong> heart sounds?</p>`,
                  back: `<ul><li><strong>S3</strong>: early diastole, rapid filling of a compliant or overloaded ventricle — normal in children, athletes and pregnancy; pathological in heart failure</li><li><strong>S4</strong>: late diastole, atrial contraction against a <strong>stiff</strong> ventricle (e.g. LV hypertrophy); usually pathological, and absent in atrial fibrillation</li></ul>`,
                },
                {
                  front: `<p>What do the waves of the <strong>jugular venous pulse</strong> represent?</p>`,
                  back: `<ul><li><strong>a</strong>: right atrial contraction (absent in AF; "cannon" waves in complete heart block)</li><li><strong>c</strong>: tricuspid valve bulging during isovolumetric contraction</li><li><strong>x descent</strong>: atrial relaxation and descent of the AV ring</li><li><strong>v</strong>: atrial filling with the tricuspid valve closed</li><li><strong>y descent</strong>: tricuspid valve opens, atrium empties</li></ul>`,
                },
                {
                  front: `<p>State the <strong>Fick principle</strong> for cardiac output.</p>`,
                  back: `<p>CO = O<sub>2</sub> consumption ÷ (arterial O<sub>2</sub> content − mixed venous O<sub>2</sub> content).</p><p>Example: 250 mL/min ÷ (200 − 150 mL/L) = <strong>5 L/min</strong>.</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Cardiac Cycle Quiz',
              questions: [
                {
                  question: `A patient's echocardiogram shows an end-diastolic volume of 140 mL and an end-systolic volume of 70 mL. What is the ejection fraction?`,
                  option1: '70%',
                  option2: '50%',
                  option3: '35%',
                  option4: '200%',
                  correctOption: 2,
                  explanation: `Stroke volume = EDV − ESV = 70 mL. EF = SV ÷ EDV = 70 ÷ 140 = 50%. 70 is the stroke volume in mL, not a percentage; 200% would come from dividing EDV by ESV.`,
                },
                {
                  question: `Which statement about isovolumetric relaxation of the left ventricle is correct?`,
                  option1: 'The mitral valve is open and the ventricle is filling',
                  option2: 'It begins when the mitral valve closes',
                  option3: 'Ventricular volume equals the end-diastolic volume',
                  option4: 'It coincides with the first heart sound',
                  option5: 'All valves are closed while ventricular pressure falls',
                  correctOption: 5,
                  explanation: `Isovolumetric relaxation runs from aortic valve closure (S2, dicrotic notch) to mitral valve opening. With all valves closed, pressure falls steeply while volume stays at the end-systolic volume. Mitral closure and S1 mark the start of isovolumetric contraction; filling begins only when the mitral valve opens.`,
                },
                {
                  question: `Oxygen consumption is 250 mL/min, arterial O₂ content 200 mL/L and mixed venous O₂ content 150 mL/L. What is the cardiac output?`,
                  option1: '5 L/min',
                  option2: '1.25 L/min',
                  option3: '2.5 L/min',
                  option4: '7.5 L/min',
                  option5: '10 L/min',
                  correctOption: 1,
                  explanation: `Fick principle: CO = V̇O₂ ÷ (CaO₂ − CvO₂) = 250 ÷ (200 − 150) = 250 ÷ 50 = 5 L/min. Dividing by the arterial content alone gives 1.25 L/min, and by the venous content alone gives about 1.7 L/min.`,
                },
              ],
            },
          ],
          pages: [CARDIAC_CYCLE_PAGE],
        },
        {
          key: 'bp-antihypertensives',
          name: 'Blood Pressure Control & Antihypertensives',
          decks: [
            {
              name: 'Blood Pressure Regulation',
              cards: [
                {
                  front: `<p>What equation links <strong>mean arterial pressure</strong>, cardiac output and resistance?</p>`,
                  back: `<p>MAP = cardiac output × total peripheral resistance (MAP ≈ CO × TPR, ignoring the small central venous pressure).</p><p>Resistance is dominated by the <strong>arterioles</strong>; by Poiseuille's law resistance ∝ 1/r<sup>4</sup>.</p>`,
                },
                {
                  front: `<p>Describe the <strong>baroreceptor reflex</strong> response to a rise in blood pressure.</p>`,
                  back: `<ol><li>Stretch of the carotid sinus (afferents in the glossopharyngeal nerve, IX) and aortic arch (vagus, X) increases firing</li><li>Signals reach the nucleus tractus solitarius in the medulla</li><li>Vagal output ↑ and sympathetic output ↓</li><li>Heart rate and contractility fall, arterioles and veins dilate: BP falls</li></ol>`,
                },
                {
                  front: `<p>Outline the <strong>renin–angiotensin–aldosterone system</strong>, including the triggers for renin release.</p>`,
                  back: `<p>Renin is released from juxtaglomerular cells in response to ↓ renal perfusion pressure, ↓ NaCl at the macula densa and sympathetic (β1) stimulation.</p><p>Angiotensinogen (liver) → <em>renin</em> → angiotensin I → <em>ACE</em> (mainly pulmonary endothelium) → <strong>angiotensin II</strong>.</p>`,
                },
                {
                  front: `<p>List the main actions of <strong>angiotensin II</strong> (AT<sub>1</sub> receptors).</p>`,
                  back: `<ul><li>Arteriolar vasoconstriction</li><li>Aldosterone release from the adrenal zona glomerulosa</li><li>Constriction of the glomerular <strong>efferent</strong> arteriole (maintains GFR)</li><li>↑ Na<sup>+</sup> reabsorption in the proximal tubule</li><li>ADH release and thirst; ↑ sympathetic activity</li></ul>`,
                },
              ],
            },
            {
              name: 'Antihypertensive Drugs',
              cards: [
                {
                  front: `<p><strong>ACE inhibitors</strong> (e.g. ramipril, lisinopril): key adverse effects and contraindications?</p>`,
                  back: `<ul><li>Dry cough (bradykinin accumulation)</li><li>Angioedema (rare but dangerous)</li><li>Hyperkalaemia; first-dose hypotension</li><li>Acute kidney injury, especially with bilateral renal artery stenosis</li></ul><p>Contraindicated in <strong>pregnancy</strong> (fetotoxic).</p>`,
                },
                {
                  front: `<p>How do <strong>angiotensin receptor blockers</strong> (e.g. losartan, candesartan) differ from ACE inhibitors?</p>`,
                  back: `<p>They block the AT<sub>1</sub> receptor directly and do not inhibit bradykinin breakdown, so they <strong>do not cause the dry cough</strong>; they are the usual switch for ACE-inhibitor cough. Hyperkalaemia, renal effects and the pregnancy contraindication are the same. ACE inhibitors and ARBs should not be combined.</p>`,
                },
                {
                  front: `<p>Compare <strong>dihydropyridine</strong> and <strong>non-dihydropyridine</strong> calcium channel blockers.</p>`,
                  back: `<table><thead><tr><th></th><th>Dihydropyridines</th><th>Non-dihydropyridines</th></tr></thead><tbody><tr><td>Examples</td><td>Amlodipine, nifedipine</td><td>Verapamil, diltiazem</td></tr><tr><td>Main site</td><td>Vascular smooth muscle</td><td>Heart (SA and AV nodes) and vessels</td></tr><tr><td>Adverse effects</td><td>Ankle oedema, flushing, headache, reflex tachycardia</td><td>Bradycardia, AV block, constipation (verapamil)</td></tr></tbody></table><p>Avoid verapamil with β-blockers (risk of heart block and asystole).</p>`,
                },
                {
                  front: `<p>Metabolic adverse effects of <strong>thiazide-like diuretics</strong> (e.g. indapamide)?</p>`,
                  back: `<ul><li>Hypokalaemia, hyponatraemia</li><li><strong>Hypercalcaemia</strong> (↑ Ca<sup>2+</sup> reabsorption in the distal tubule)</li><li>Hyperuricaemia — may precipitate gout</li><li>Hyperglycaemia and raised lipids</li><li>Erectile dysfunction</li></ul>`,
                },
                {
                  front: `<p><strong>β-blockers</strong>: cardioselective examples, adverse effects and a key contraindication?</p>`,
                  back: `<p>β1-selective: <strong>bisoprolol, atenolol, metoprolol</strong>. Non-selective: propranolol.</p><ul><li>Bradycardia, fatigue, cold peripheries, sleep disturbance</li><li>May mask the warning signs of hypoglycaemia</li><li>Avoid in <strong>asthma</strong> (β2 blockade causes bronchospasm)</li></ul>`,
                },
                {
                  front: `<p>Outline the NICE (NG136) stepwise treatment of hypertension for adults without type 2 diabetes.</p>`,
                  back: `<ol><li>Age &lt;55 (and not of Black African or African-Caribbean family origin): <strong>ACE inhibitor or ARB</strong>. Age ≥55, or Black African / African-Caribbean origin: <strong>calcium channel blocker</strong></li><li>Add the other of ACEi/ARB or CCB, or a thiazide-like diuretic</li><li>ACEi/ARB + CCB + thiazide-like diuretic</li><li>Resistant hypertension: seek expert advice; consider spironolactone if K<sup>+</sup> ≤4.5 mmol/L, or an α- or β-blocker if K<sup>+</sup> &gt;4.5 mmol/L</li></ol>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Antihypertensives Quiz',
              questions: [
                {
                  question: `A 48-year-old woman develops a persistent dry cough two weeks after starting ramipril. Her blood pressure is well controlled. What is the most appropriate change?`,
                  option1: 'Switch to another ACE inhibitor such as lisinopril',
                  option2: 'Add a cough suppressant and continue ramipril',
                  option3: 'Switch to an angiotensin II receptor blocker such as losartan',
                  option4: 'Stop all antihypertensive treatment',
                  option5: 'Add a β-blocker',
                  correctOption: 3,
                  explanation: `ACE-inhibitor cough is caused by bradykinin accumulation, a class effect, so another ACE inhibitor will also cause it. An ARB blocks the AT₁ receptor without affecting bradykinin and keeps the benefits of RAAS blockade. Cough suppressants do not address the cause, stopping treatment leaves hypertension untreated, and adding a β-blocker does not stop the cough.`,
                },
                {
                  question: `Which adverse effect is most characteristic of amlodipine?`,
                  option1: 'Ankle oedema',
                  option2: 'Dry cough',
                  option3: 'Hyperkalaemia',
                  option4: 'Bronchospasm',
                  option5: 'Gout',
                  correctOption: 1,
                  explanation: `Dihydropyridine CCBs dilate pre-capillary arterioles more than venules, raising capillary hydrostatic pressure and causing ankle oedema that diuretics do not relieve well. Cough and hyperkalaemia belong to ACE inhibitors, bronchospasm to β-blockers, and gout to thiazide and loop diuretics.`,
                },
                {
                  question: `A 62-year-old man of white British origin without diabetes has confirmed stage 1 hypertension needing treatment. According to NICE NG136, what is the first-line drug class?`,
                  option1: 'ACE inhibitor',
                  option2: 'β-blocker',
                  option3: 'α-blocker',
                  option4: 'Calcium channel blocker',
                  option5: 'Loop diuretic',
                  correctOption: 4,
                  explanation: `For people aged 55 or over (and for people of Black African or African-Caribbean family origin) without type 2 diabetes, NICE recommends a calcium channel blocker first. An ACE inhibitor or ARB is first line for those under 55 or with type 2 diabetes. β-blockers and α-blockers are not first-line for uncomplicated hypertension, and loop diuretics are not used for it.`,
                },
                {
                  question: `A healthy student stands up quickly from lying down. Which change is part of the baroreceptor response?`,
                  option1: 'Increased firing of carotid sinus afferents',
                  option2: 'Reduced sympathetic outflow to arterioles',
                  option3: 'Increased vagal tone to the SA node',
                  option4: 'Reduced renin release',
                  option5: 'Increased heart rate and peripheral vasoconstriction',
                  correctOption: 5,
                  explanation: `Standing pools blood in the legs, venous return and blood pressure fall, and baroreceptor firing decreases. The medulla responds by reducing vagal and increasing sympathetic outflow: heart rate, contractility and vascular tone rise. Sympathetic (β1) stimulation also increases renin release. The other options describe the response to a rise in pressure.`,
                },
              ],
            },
          ],
          pages: [ANTIHYPERTENSIVES_PAGE],
        },
      ],
    },
  ],
};
