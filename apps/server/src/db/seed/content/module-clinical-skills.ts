// Global module (yearGroup 'global', free): medical terminology and bedside basics.
import type { DemoModule } from './types.ts';

export const CLINICAL_SKILLS_MODULE: DemoModule = {
  key: 'clinical-skills',
  name: 'Clinical Skills Essentials',
  stage: 1,
  isFree: true,
  isGlobal: true,
  extraInfo: 'Shared with every year group: the vocabulary and bedside basics used across all modules.',
  subjects: [
    {
      key: 'medical-terminology',
      name: 'Medical Terminology',
      topics: [
        {
          key: 'word-parts',
          name: 'Prefixes, Roots & Suffixes',
          decks: [
            {
              name: 'Word Parts',
              cards: [
                {
                  front: `<p>What does the suffix <strong>-itis</strong> mean?</p>`,
                  back: `<p><strong>Inflammation</strong>.</p><p>Examples: <em>appendicitis</em>, <em>hepatitis</em>, <em>arthritis</em>.</p>`,
                },
                {
                  front: `<p>Distinguish <strong>-ectomy</strong>, <strong>-otomy</strong> and <strong>-ostomy</strong>.</p>`,
                  back: `<ul><li><strong>-ectomy</strong>: surgical removal (appendicectomy)</li><li><strong>-otomy</strong>: cutting into / incision (laparotomy)</li><li><strong>-ostomy</strong>: creating an opening, a stoma (colostomy)</li></ul>`,
                },
                {
                  front: `<p>What do the prefixes <strong>tachy-</strong> and <strong>brady-</strong> mean? Give the heart-rate cut-offs.</p>`,
                  back: `<p><strong>tachy-</strong> = fast; <strong>brady-</strong> = slow.</p><p>Adult tachycardia: &gt;100 beats/min. Bradycardia: &lt;60 beats/min.</p>`,
                },
                {
                  front: `<p>Match the roots to their organs: <em>hepat-, nephr-, gastr-, enter-, cardi-, pneum-</em></p>`,
                  back: `<table><thead><tr><th>Root</th><th>Organ</th></tr></thead><tbody><tr><td>hepat-</td><td>liver</td></tr><tr><td>nephr- (ren-)</td><td>kidney</td></tr><tr><td>gastr-</td><td>stomach</td></tr><tr><td>enter-</td><td>intestine (usually small)</td></tr><tr><td>cardi-</td><td>heart</td></tr><tr><td>pneum- (pulmon-)</td><td>lung / air</td></tr></tbody></table>`,
                },
                {
                  front: `<p>What do <strong>-penia</strong> and <strong>-cytosis</strong> describe?</p>`,
                  back: `<ul><li><strong>-penia</strong>: a deficiency (neutropenia, thrombocytopenia)</li><li><strong>-cytosis</strong>: an increase in cells (leukocytosis, thrombocytosis)</li></ul>`,
                },
                {
                  front: `<p>What do the prefixes <strong>dys-</strong> and <strong>a-/an-</strong> mean?</p>`,
                  back: `<p><strong>dys-</strong>: difficult, painful or abnormal (dyspnoea, dysphagia, dysuria).</p><p><strong>a-/an-</strong>: without or absent (apnoea, anuria, anaemia).</p>`,
                },
                {
                  front: `<p>What does the suffix <strong>-aemia</strong> (US <em>-emia</em>) mean?</p>`,
                  back: `<p>A condition of the <strong>blood</strong>, often the level of a substance in it: <em>hyperkalaemia</em> (high potassium), <em>hypoglycaemia</em> (low glucose), <em>bacteraemia</em> (bacteria in blood).</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Terminology Check',
              questions: [
                {
                  question: `A surgeon performs a cholecystectomy. What was done?`,
                  option1: 'An incision into the common bile duct',
                  option2: 'Removal of the gallbladder',
                  option3: 'Inflammation of the gallbladder was drained',
                  option4: 'An opening was created between the gallbladder and the skin',
                  option5: 'A stone was removed from the common bile duct',
                  correctOption: 2,
                  explanation: `Chole- (bile) + cyst (bladder) + -ectomy (removal) = removal of the gallbladder. An incision into the common bile duct is a choledochotomy, gallbladder inflammation is cholecystitis, an opening to the skin is a cholecystostomy, and a stone in the common bile duct is choledocholithiasis.`,
                },
                {
                  question: `A patient passes 250 mL of urine in 24 hours. Which term best describes this?`,
                  option1: 'Polyuria',
                  option2: 'Dysuria',
                  option3: 'Oliguria',
                  option4: 'Nocturia',
                  correctOption: 3,
                  explanation: `Oliguria (olig- = few) is a reduced urine output, conventionally <400 mL/day in adults (or <0.5 mL/kg/h). Anuria is essentially no urine (<100 mL/day); polyuria is excessive output (>3 L/day); dysuria is painful urination; nocturia is waking at night to pass urine.`,
                },
                {
                  question: `A full blood count report says thrombocytopenia. Which cell line is reduced?`,
                  option1: 'Red blood cells',
                  option2: 'Neutrophils',
                  option3: 'Lymphocytes',
                  option4: 'Platelets',
                  option5: 'Eosinophils',
                  correctOption: 4,
                  explanation: `Thrombocyte is another name for platelet and -penia means deficiency. Low red cells/haemoglobin is anaemia, low neutrophils is neutropenia, low lymphocytes is lymphopenia and low eosinophils is eosinopenia.`,
                },
              ],
            },
          ],
          pages: [],
        },
        {
          key: 'directional-terms',
          name: 'Anatomical Position & Directional Terms',
          decks: [
            {
              name: 'Directions & Planes',
              cards: [
                {
                  front: `<p>Describe the <strong>anatomical position</strong>.</p>`,
                  back: `<ul><li>Standing upright, facing forwards</li><li>Upper limbs at the sides, <strong>palms facing forwards</strong></li><li>Feet together, toes pointing forwards</li></ul><p>All directional terms refer to this position, whatever the patient's actual posture.</p>`,
                },
                {
                  front: `<p>Define <strong>proximal</strong> and <strong>distal</strong>.</p>`,
                  back: `<p><strong>Proximal</strong>: nearer the trunk or point of origin. <strong>Distal</strong>: further from it.</p><p>The elbow is proximal to the wrist.</p>`,
                },
                {
                  front: `<p>In the anatomical position, is the thumb <strong>medial</strong> or <strong>lateral</strong>? Is the radius medial or lateral to the ulna?</p>`,
                  back: `<p>Both are <strong>lateral</strong> (further from the midline). The little finger and the ulna are medial.</p>`,
                },
                {
                  front: `<p>Name the three standard body planes and what each divides.</p>`,
                  back: `<ul><li><strong>Sagittal</strong>: left and right (the midline one is the median or midsagittal plane)</li><li><strong>Coronal</strong> (frontal): anterior and posterior</li><li><strong>Transverse</strong> (axial): superior and inferior</li></ul>`,
                },
                {
                  front: `<p>What is the difference between <strong>supine</strong> and <strong>prone</strong>?</p>`,
                  back: `<p><strong>Supine</strong>: lying on the back, face up. <strong>Prone</strong>: lying on the front, face down.</p>`,
                },
                {
                  front: `<p>Define <strong>ipsilateral</strong> and <strong>contralateral</strong>, with a clinical example.</p>`,
                  back: `<p><strong>Ipsilateral</strong>: same side; <strong>contralateral</strong>: opposite side.</p><p>A stroke in the left cerebral hemisphere causes weakness of the <em>contralateral</em> (right) side of the body.</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Planes and Directions',
              questions: [
                {
                  question: `Which plane divides the body into anterior and posterior parts?`,
                  option1: 'Sagittal',
                  option2: 'Transverse',
                  option3: 'Median',
                  option4: 'Coronal',
                  correctOption: 4,
                  explanation: `The coronal (frontal) plane separates front from back. Sagittal planes (the median plane being the midline sagittal plane) separate left from right, and transverse (axial) planes separate upper from lower parts.`,
                },
                {
                  question: `Which statement about the anatomical position is correct?`,
                  option1: 'The palms face forwards, so the radius lies lateral to the ulna',
                  option2: 'The palms face the thighs, so the thumb is anterior',
                  option3: 'The subject lies supine with the arms at the sides',
                  option4: 'The feet are shoulder-width apart with toes turned out',
                  correctOption: 1,
                  explanation: `In the anatomical position the subject stands (not lies) facing forwards, with the palms facing forwards and the feet together. With the forearm supinated the radius (thumb side) is lateral to the ulna. Palms facing the thighs is a relaxed standing posture, not the anatomical position.`,
                },
              ],
            },
          ],
          pages: [],
        },
      ],
    },
    {
      key: 'bedside-basics',
      name: 'Bedside Basics',
      topics: [
        {
          key: 'vital-signs',
          name: 'Vital Signs',
          decks: [
            {
              name: 'Normal Adult Values',
              cards: [
                {
                  front: `<p>Normal resting <strong>heart rate</strong> and <strong>respiratory rate</strong> in an adult?</p>`,
                  back: `<ul><li>Heart rate: <strong>60–100</strong> beats/min</li><li>Respiratory rate: <strong>12–20</strong> breaths/min</li></ul>`,
                },
                {
                  front: `<p>Normal body <strong>temperature</strong>, and the usual threshold for fever?</p>`,
                  back: `<p>Normal core temperature is about <strong>36.5–37.5 °C</strong>. A temperature of <strong>≥38.0 °C</strong> is usually taken as fever.</p>`,
                },
                {
                  front: `<p>Target <strong>oxygen saturation (SpO<sub>2</sub>)</strong> in most acutely ill adults, and in those at risk of hypercapnic respiratory failure (e.g. COPD)?</p>`,
                  back: `<ul><li>Most patients: <strong>94–98%</strong></li><li>At risk of hypercapnic (type 2) respiratory failure: <strong>88–92%</strong></li></ul><p>(British Thoracic Society targets.)</p>`,
                },
                {
                  front: `<p>How are <strong>pulse pressure</strong> and <strong>mean arterial pressure</strong> estimated from a BP of 120/80 mmHg?</p>`,
                  back: `<p>Pulse pressure = SBP − DBP = <strong>40 mmHg</strong>.</p><p>MAP ≈ DBP + ⅓ × pulse pressure = 80 + 13 ≈ <strong>93 mmHg</strong> (diastole lasts longer than systole, so MAP sits nearer the diastolic value).</p>`,
                },
                {
                  front: `<p>Name the three components of the <strong>Glasgow Coma Scale</strong> and the range of the total score.</p>`,
                  back: `<ul><li>Eye opening: 1–4</li><li>Verbal response: 1–5</li><li>Motor response: 1–6</li></ul><p>Total <strong>3–15</strong>. A GCS of 8 or less usually means the airway needs protecting.</p>`,
                },
                {
                  front: `<p>What is a normal <strong>capillary refill time</strong> and how is it measured?</p>`,
                  back: `<p>Press on the fingertip (or sternum) for about 5 seconds, release, and time the return of colour. Normal is <strong>&lt;2 seconds</strong>; longer suggests poor peripheral perfusion.</p>`,
                },
                {
                  front: `<p>What is the threshold for <strong>hypertension</strong> on clinic blood pressure (NICE/ESC), and why does cuff size matter?</p>`,
                  back: `<p>Clinic BP <strong>≥140/90 mmHg</strong> (confirmed with ambulatory or home readings ≥135/85 mmHg).</p><p>The cuff bladder should encircle about 80% of the arm: a cuff that is <em>too small</em> gives a <strong>falsely high</strong> reading.</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Vital Signs Quiz',
              questions: [
                {
                  question: `A patient's blood pressure is 150/90 mmHg. What is the estimated mean arterial pressure?`,
                  option1: '100 mmHg',
                  option2: '110 mmHg',
                  option3: '120 mmHg',
                  option4: '60 mmHg',
                  option5: '130 mmHg',
                  correctOption: 2,
                  explanation: `MAP ≈ DBP + ⅓(SBP − DBP) = 90 + ⅓ × 60 = 110 mmHg. 120 mmHg is the simple average of systolic and diastolic, which overestimates MAP because the heart spends about two-thirds of each cycle in diastole. 60 mmHg is the pulse pressure.`,
                },
                {
                  question: `A patient opens the eyes to pain, makes incomprehensible sounds and withdraws from pain. What is the GCS?`,
                  option1: '6',
                  option2: '7',
                  option3: '9',
                  option4: '10',
                  option5: '8',
                  correctOption: 5,
                  explanation: `Eyes to pain = E2; incomprehensible sounds = V2; withdrawal from pain = M4. Total 8. (Localising to pain would be M5 and give 9; abnormal flexion would be M3 and give 7.)`,
                },
              ],
            },
          ],
          pages: [],
        },
        {
          key: 'infection-control',
          name: 'Hand Hygiene & Infection Control',
          decks: [
            {
              name: 'Infection Control',
              cards: [
                {
                  front: `<p>List the <strong>WHO 5 Moments</strong> for hand hygiene.</p>`,
                  back: `<ol><li>Before touching a patient</li><li>Before a clean/aseptic procedure</li><li>After body fluid exposure risk</li><li>After touching a patient</li><li>After touching patient surroundings</li></ol>`,
                },
                {
                  front: `<p>When must you wash with <strong>soap and water</strong> rather than use alcohol hand rub?</p>`,
                  back: `<ul><li>Hands visibly soiled</li><li>Suspected or known <em>Clostridioides difficile</em> (spores resist alcohol)</li><li>Norovirus / diarrhoea and vomiting outbreaks</li></ul>`,
                },
                {
                  front: `<p>How long should hand hygiene take (WHO)?</p>`,
                  back: `<p>Alcohol hand rub: <strong>20–30 seconds</strong>. Soap and water: <strong>40–60 seconds</strong>.</p>`,
                },
                {
                  front: `<p>First aid after a <strong>needlestick injury</strong>?</p>`,
                  back: `<ol><li>Encourage gentle bleeding; do not suck or scrub</li><li>Wash under running water with soap</li><li>Cover with a waterproof dressing</li><li>Report immediately (occupational health / emergency department)</li></ol><p>HIV post-exposure prophylaxis, if indicated, is started as soon as possible — ideally within hours and no later than 72 hours.</p>`,
                },
                {
                  front: `<p>What do <strong>standard precautions</strong> include?</p>`,
                  back: `<ul><li>Hand hygiene</li><li>Personal protective equipment appropriate to the task</li><li>Respiratory hygiene and cough etiquette</li><li>Safe handling and disposal of sharps</li><li>Environmental cleaning; safe handling of linen and waste</li></ul><p>They apply to <em>all</em> patients, whether or not infection is known.</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Infection Control Quiz',
              questions: [
                {
                  question: `You are about to examine a patient with profuse diarrhoea due to Clostridioides difficile. After removing your gloves, what is the correct hand hygiene?`,
                  option1: 'Alcohol hand rub for 20–30 seconds',
                  option2: 'No hand hygiene is needed because gloves were worn',
                  option3: 'Alcohol hand rub, then a second pair of gloves',
                  option4: 'Soap and running water',
                  correctOption: 4,
                  explanation: `C. difficile forms spores that alcohol does not kill; the mechanical action of washing with soap and water removes them. Gloves never replace hand hygiene, because hands can be contaminated through micro-perforations or while removing the gloves.`,
                },
                {
                  question: `Which of the following is one of the WHO 5 Moments for hand hygiene?`,
                  option1: 'Before a clean or aseptic procedure',
                  option2: 'Before entering the hospital building',
                  option3: 'After writing in the patient notes at the nurses’ station',
                  option4: 'Before answering a telephone',
                  correctOption: 1,
                  explanation: `The five moments are: before touching a patient, before a clean/aseptic procedure, after body fluid exposure risk, after touching a patient and after touching patient surroundings. The other options are outside the patient zone and are not among the five moments.`,
                },
              ],
            },
          ],
          pages: [],
        },
      ],
    },
  ],
};
