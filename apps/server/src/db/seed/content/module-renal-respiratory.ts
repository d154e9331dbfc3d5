// Stage 2, paid (NOT granted to the demo student): renal and respiratory physiology.
import type { DemoModule } from './types.ts';

export const RENAL_RESPIRATORY_MODULE: DemoModule = {
  key: 'renal-respiratory',
  name: 'Renal & Respiratory Physiology',
  stage: 2,
  isFree: false,
  isGlobal: false,
  grantToDemoStudent: false,
  extraInfo:
    'Paid stage 2 module: filtration, tubular transport and diuretics; lung mechanics and gas exchange.',
  subjects: [
    {
      key: 'renal-physiology',
      name: 'Renal Physiology',
      topics: [
        {
          key: 'glomerular-filtration',
          name: 'Glomerular Filtration',
          decks: [
            {
              name: 'Filtration & Clearance',
              cards: [
                {
                  front: `<p>Typical values for renal blood flow, renal plasma flow, GFR and filtration fraction?</p>`,
                  back: `<ul><li>Renal blood flow: ~1.1 L/min (about 20% of cardiac output)</li><li>Renal plasma flow: ~600 mL/min</li><li>GFR: ~<strong>125 mL/min</strong> (about 180 L/day)</li><li>Filtration fraction = GFR ÷ RPF ≈ <strong>20%</strong></li></ul>`,
                },
                {
                  front: `<p>Which <strong>Starling forces</strong> determine glomerular filtration?</p>`,
                  back: `<p>GFR = K<sub>f</sub> × [(P<sub>GC</sub> − P<sub>BS</sub>) − (π<sub>GC</sub> − π<sub>BS</sub>)]</p><ul><li>P<sub>GC</sub>: glomerular capillary hydrostatic pressure (~55 mmHg) — favours filtration</li><li>P<sub>BS</sub>: Bowman's space pressure (~15 mmHg) — opposes</li><li>π<sub>GC</sub>: plasma oncotic pressure (~30 mmHg, rising along the capillary) — opposes</li><li>π<sub>BS</sub>: ~0 normally</li></ul>`,
                },
                {
                  front: `<p>Effect on GFR and renal plasma flow of constricting the <strong>afferent</strong> versus the <strong>efferent</strong> arteriole?</p>`,
                  back: `<ul><li>Afferent constriction (e.g. NSAIDs removing prostaglandin dilatation): ↓ RPF, <strong>↓ GFR</strong></li><li>Efferent constriction (angiotensin II): ↓ RPF, <strong>↑ GFR</strong>, ↑ filtration fraction</li></ul><p>ACE inhibitors dilate the efferent arteriole and can lower GFR.</p>`,
                },
                {
                  front: `<p>Name the two mechanisms of renal <strong>autoregulation</strong>.</p>`,
                  back: `<ol><li><strong>Myogenic</strong>: afferent arteriolar smooth muscle contracts when stretched by a rise in pressure</li><li><strong>Tubuloglomerular feedback</strong>: the macula densa senses ↑ NaCl delivery and signals (via adenosine) afferent constriction</li></ol><p>GFR and RBF stay fairly constant over a mean arterial pressure of about 80–180 mmHg.</p>`,
                },
                {
                  front: `<p>What is the formula for renal <strong>clearance</strong>, and which substances measure GFR and renal plasma flow?</p>`,
                  back: `<p>C = (U × V) ÷ P (urine concentration × urine flow rate ÷ plasma concentration).</p><ul><li><strong>Inulin</strong>: freely filtered, neither reabsorbed nor secreted → clearance = GFR</li><li><strong>Creatinine</strong>: slightly secreted, so it slightly overestimates GFR</li><li><strong>PAH</strong> (para-aminohippurate): filtered and almost completely secreted → clearance ≈ effective RPF</li></ul>`,
                },
                {
                  front: `<p>What are the three layers of the <strong>glomerular filtration barrier</strong>?</p>`,
                  back: `<ol><li>Fenestrated capillary endothelium</li><li>Glomerular basement membrane (type IV collagen; negatively charged heparan sulfate)</li><li>Podocyte foot processes with slit diaphragms (nephrin)</li></ol><p>The barrier restricts molecules by size and negative charge, so albumin is largely retained.</p>`,
                },
                {
                  front: `<p>What are the GFR categories of chronic kidney disease (KDIGO)?</p>`,
                  back: `<table><thead><tr><th>Category</th><th>GFR (mL/min/1.73 m<sup>2</sup>)</th></tr></thead><tbody><tr><td>G1</td><td>≥90</td></tr><tr><td>G2</td><td>60–89</td></tr><tr><td>G3a</td><td>45–59</td></tr><tr><td>G3b</td><td>30–44</td></tr><tr><td>G4</td><td>15–29</td></tr><tr><td>G5</td><td>&lt;15</td></tr></tbody></table><p>G1 and G2 count as CKD only with other markers of kidney damage (e.g. albuminuria).</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Glomerular Filtration Quiz',
              questions: [
                {
                  question: `Which change would increase the glomerular filtration rate, other things being equal?`,
                  option1: 'Constriction of the afferent arteriole',
                  option2: 'Increased plasma protein concentration',
                  option3: 'Obstruction of the ureter raising Bowman’s space pressure',
                  option4: 'Moderate constriction of the efferent arteriole',
                  option5: 'Reduced renal plasma flow',
                  correctOption: 4,
                  explanation: `Moderate efferent constriction raises glomerular capillary hydrostatic pressure, so GFR rises (and filtration fraction increases) — the way angiotensin II supports GFR when perfusion is low. Afferent constriction lowers capillary pressure; more plasma protein raises the opposing oncotic pressure; ureteric obstruction raises Bowman's space pressure; reduced plasma flow lets oncotic pressure rise faster along the capillary. All of these lower GFR.`,
                },
                {
                  question: `Urine creatinine 8 mmol/L, urine flow 1.5 mL/min, plasma creatinine 0.1 mmol/L. What is the creatinine clearance?`,
                  option1: '12 mL/min',
                  option2: '53 mL/min',
                  option3: '120 mL/min',
                  option4: '1200 mL/min',
                  correctOption: 3,
                  explanation: `C = (U × V) ÷ P = (8 × 1.5) ÷ 0.1 = 120 mL/min, a normal value. 12 mL/min forgets to divide by the plasma concentration, 1200 mL/min misplaces a decimal, and 53 mL/min comes from dividing U by V instead of multiplying. Because creatinine is slightly secreted, this slightly overestimates the true GFR.`,
                },
              ],
            },
          ],
          pages: [],
        },
        {
          key: 'tubular-function-diuretics',
          name: 'Tubular Function & Diuretics',
          decks: [
            {
              name: 'Nephron Segments & Diuretics',
              cards: [
                {
                  front: `<p>What does the <strong>proximal convoluted tubule</strong> reabsorb?</p>`,
                  back: `<ul><li>About <strong>65–70%</strong> of filtered Na<sup>+</sup> and water</li><li>Essentially all filtered <strong>glucose</strong> (SGLT2, then SGLT1) and amino acids</li><li>Most (~80%) filtered HCO<sub>3</sub><sup>−</sup> (carbonic anhydrase dependent)</li><li>Phosphate, K<sup>+</sup>, urea</li></ul>`,
                },
                {
                  front: `<p>Describe transport in the <strong>thick ascending limb</strong> of the loop of Henle.</p>`,
                  back: `<p>The <strong>Na<sup>+</sup>–K<sup>+</sup>–2Cl<sup>−</sup> cotransporter (NKCC2)</strong> reabsorbs about 25% of filtered Na<sup>+</sup>. The segment is <strong>impermeable to water</strong>, so it dilutes tubular fluid and builds the medullary concentration gradient (countercurrent multiplier). Ca<sup>2+</sup> and Mg<sup>2+</sup> are reabsorbed paracellularly.</p>`,
                },
                {
                  front: `<p>What do the <strong>principal</strong> and <strong>intercalated</strong> cells of the collecting duct do?</p>`,
                  back: `<ul><li><strong>Principal cells</strong>: Na<sup>+</sup> reabsorption via ENaC and K<sup>+</sup> secretion (↑ by aldosterone); water reabsorption through aquaporin-2 (↑ by ADH via V2 receptors)</li><li><strong>α-intercalated cells</strong>: secrete H<sup>+</sup> (acid)</li><li><strong>β-intercalated cells</strong>: secrete HCO<sub>3</sub><sup>−</sup></li></ul>`,
                },
                {
                  front: `<p>Where is <strong>ADH</strong> made and released, what stimulates it, and how does it act?</p>`,
                  back: `<p>Synthesised in the <strong>supraoptic and paraventricular nuclei</strong> of the hypothalamus; released from the <strong>posterior pituitary</strong>.</p><p>Stimuli: ↑ plasma osmolality (most sensitive), ↓ blood volume or pressure. Acts on V2 receptors to insert aquaporin-2 into the apical membrane of collecting duct cells.</p>`,
                },
                {
                  front: `<p>Summarise the diuretic classes: site, transporter and an example.</p>`,
                  back: `<table><thead><tr><th>Class</th><th>Site</th><th>Target</th><th>Example</th></tr></thead><tbody><tr><td>Carbonic anhydrase inhibitor</td><td>PCT</td><td>Carbonic anhydrase</td><td>Acetazolamide</td></tr><tr><td>Osmotic</td><td>PCT, descending limb</td><td>Osmotic water retention</td><td>Mannitol</td></tr><tr><td>Loop</td><td>Thick ascending limb</td><td>NKCC2</td><td>Furosemide</td></tr><tr><td>Thiazide(-like)</td><td>Distal convoluted tubule</td><td>NCC (Na<sup>+</sup>–Cl<sup>−</sup>)</td><td>Bendroflumethiazide, indapamide</td></tr><tr><td>K<sup>+</sup>-sparing</td><td>Collecting duct</td><td>ENaC / aldosterone receptor</td><td>Amiloride / spironolactone</td></tr></tbody></table>`,
                },
                {
                  front: `<p>Adverse effects of <strong>loop diuretics</strong> such as furosemide?</p>`,
                  back: `<ul><li>Hypovolaemia and postural hypotension</li><li>Hypokalaemia, hyponatraemia, hypomagnesaemia</li><li><strong>Hypocalcaemia</strong> (↑ urinary Ca<sup>2+</sup>, unlike thiazides)</li><li>Metabolic alkalosis</li><li>Ototoxicity (high doses, rapid IV injection)</li><li>Hyperuricaemia / gout</li></ul>`,
                },
                {
                  front: `<p>How do <strong>SGLT2 inhibitors</strong> (e.g. dapagliflozin) work, and what are their key adverse effects?</p>`,
                  back: `<p>They block SGLT2 in the proximal tubule, causing <strong>glycosuria</strong> (and mild natriuresis), which lowers blood glucose, weight and blood pressure.</p><ul><li>Genital fungal infections and UTIs</li><li>Volume depletion</li><li><strong>Euglycaemic diabetic ketoacidosis</strong></li></ul>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Tubules & Diuretics Quiz',
              questions: [
                {
                  question: `Which electrolyte disturbance is typical of thiazide diuretics but not of loop diuretics?`,
                  option1: 'Hypokalaemia',
                  option2: 'Hypercalcaemia',
                  option3: 'Hyponatraemia',
                  option4: 'Metabolic alkalosis',
                  option5: 'Hypomagnesaemia',
                  correctOption: 2,
                  explanation: `Thiazides increase distal Ca²⁺ reabsorption and can cause hypercalcaemia (they are used to reduce calcium kidney stones), whereas loop diuretics increase calcium excretion and can cause hypocalcaemia. Hypokalaemia, hyponatraemia, metabolic alkalosis and hypomagnesaemia occur with both classes.`,
                },
                {
                  question: `A patient with heart failure develops hyperkalaemia after a new drug is added to furosemide. Which drug is most likely responsible?`,
                  option1: 'Bendroflumethiazide',
                  option2: 'Acetazolamide',
                  option3: 'Indapamide',
                  option4: 'Metolazone',
                  option5: 'Spironolactone',
                  correctOption: 5,
                  explanation: `Spironolactone blocks aldosterone receptors in the collecting duct, reducing ENaC-mediated Na⁺ reabsorption and K⁺ secretion, so K⁺ is retained. Thiazide and thiazide-like diuretics (bendroflumethiazide, indapamide, metolazone) and acetazolamide all increase potassium loss by delivering more Na⁺ and fluid to the collecting duct.`,
                },
              ],
            },
          ],
          pages: [],
        },
      ],
    },
    {
      key: 'respiratory-physiology',
      name: 'Respiratory Physiology',
      topics: [
        {
          key: 'lung-volumes-mechanics',
          name: 'Lung Volumes & Mechanics',
          decks: [
            {
              name: 'Volumes & Mechanics',
              cards: [
                {
                  front: `<p>Identify the volumes and capacities on this spirogram and give typical adult values.</p><p><img src="/demo-images/lung-volumes.svg" alt="Spirogram with lung volumes and capacities labelled"></p>`,
                  back: `<ul><li>Tidal volume ~0.5 L; IRV ~3.0 L; ERV ~1.1 L; residual volume ~1.2 L</li><li>Inspiratory capacity = TV + IRV ≈ 3.5 L</li><li><strong>FRC</strong> = ERV + RV ≈ 2.3 L</li><li>Vital capacity = IRV + TV + ERV ≈ 4.6 L</li><li>Total lung capacity ≈ 5.8 L</li></ul>`,
                },
                {
                  front: `<p>Which lung volumes <strong>cannot</strong> be measured by simple spirometry, and how are they measured?</p>`,
                  back: `<p>Residual volume and any capacity containing it: <strong>FRC and TLC</strong>.</p><p>Measured by helium dilution, nitrogen washout or body plethysmography.</p>`,
                },
                {
                  front: `<p>How do spirometry results differ in <strong>obstructive</strong> and <strong>restrictive</strong> disease?</p>`,
                  back: `<table><thead><tr><th></th><th>Obstructive</th><th>Restrictive</th></tr></thead><tbody><tr><td>FEV<sub>1</sub></td><td>↓↓</td><td>↓</td></tr><tr><td>FVC</td><td>↓ or normal</td><td>↓↓</td></tr><tr><td>FEV<sub>1</sub>/FVC</td><td><strong>&lt;0.7</strong></td><td>Normal or ↑</td></tr><tr><td>TLC</td><td>Normal or ↑</td><td>↓</td></tr><tr><td>Examples</td><td>Asthma, COPD</td><td>Pulmonary fibrosis, chest wall disease</td></tr></tbody></table>`,
                },
                {
                  front: `<p>Define lung <strong>compliance</strong>. Give conditions that increase and decrease it.</p>`,
                  back: `<p>Compliance = change in volume ÷ change in pressure (ΔV/ΔP).</p><ul><li>↑ compliance: <strong>emphysema</strong> (loss of elastic tissue), ageing</li><li>↓ compliance: <strong>pulmonary fibrosis</strong>, pulmonary oedema, ARDS, surfactant deficiency</li></ul>`,
                },
                {
                  front: `<p>What is <strong>surfactant</strong>, which cells make it, and why does it matter?</p>`,
                  back: `<p>A phospholipid–protein mixture, mainly <strong>dipalmitoylphosphatidylcholine</strong>, made by <strong>type II pneumocytes</strong>.</p><ul><li>Lowers alveolar surface tension, increasing compliance</li><li>Stabilises small alveoli (Laplace: P = 2T/r)</li><li>Deficiency in preterm infants causes neonatal respiratory distress syndrome; antenatal corticosteroids speed its production</li></ul>`,
                },
                {
                  front: `<p>What is the <strong>anatomical dead space</strong>, and how is alveolar ventilation calculated?</p>`,
                  back: `<p>Conducting airways with no gas exchange: about <strong>150 mL</strong> (≈2 mL/kg).</p><p>Alveolar ventilation = (tidal volume − dead space) × respiratory rate = (500 − 150) × 12 = <strong>4.2 L/min</strong>.</p>`,
                },
                {
                  front: `<p>Which muscles are used in <strong>quiet</strong> and in <strong>forced</strong> breathing?</p>`,
                  back: `<ul><li>Quiet inspiration: <strong>diaphragm</strong> (phrenic nerve, C3–C5) and external intercostals</li><li>Quiet expiration: passive elastic recoil</li><li>Forced inspiration: add sternocleidomastoid and scalenes</li><li>Forced expiration: internal intercostals and abdominal wall muscles</li></ul>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Lung Mechanics Quiz',
              questions: [
                {
                  question: `Spirometry shows FEV₁ 1.4 L, FVC 3.2 L (FEV₁/FVC 0.44). Which condition best fits?`,
                  option1: 'Chronic obstructive pulmonary disease',
                  option2: 'Idiopathic pulmonary fibrosis',
                  option3: 'Kyphoscoliosis',
                  option4: 'Obesity',
                  option5: 'Myasthenia gravis',
                  correctOption: 1,
                  explanation: `An FEV₁/FVC ratio below 0.7 indicates airflow obstruction, as in COPD (or asthma). Pulmonary fibrosis, chest wall deformity, obesity and neuromuscular weakness cause a restrictive pattern, in which FEV₁ and FVC fall together and the ratio is normal or high.`,
                },
                {
                  question: `A man breathes with a tidal volume of 400 mL at 20 breaths/min. His anatomical dead space is 150 mL. What is his alveolar ventilation?`,
                  option1: '8.0 L/min',
                  option2: '3.0 L/min',
                  option3: '5.0 L/min',
                  option4: '11.0 L/min',
                  correctOption: 3,
                  explanation: `Alveolar ventilation = (tidal volume − dead space) × respiratory rate = (400 − 150) × 20 = 5.0 L/min. 8.0 L/min is the minute ventilation (400 × 20), which includes dead space. Rapid shallow breathing wastes a larger fraction of each breath on dead space.`,
                },
              ],
            },
          ],
          pages: [],
        },
        {
          key: 'gas-exchange-transport',
          name: 'Gas Exchange & Oxygen Transport',
          decks: [
            {
              name: 'Gas Exchange',
              cards: [
                {
                  front: `<p>Describe the shape and key points of the <strong>oxyhaemoglobin dissociation curve</strong>.</p><p><img src="/demo-images/oxyhaemoglobin-curve.svg" alt="Sigmoid oxyhaemoglobin dissociation curve with a right-shifted curve"></p>`,
                  back: `<p>Sigmoid, because of <strong>cooperative binding</strong> of O<sub>2</sub> to the four haem groups.</p><ul><li>P<sub>50</sub> ≈ 27 mmHg (3.5 kPa)</li><li>Mixed venous: PO<sub>2</sub> 40 mmHg (5.3 kPa), ~75% saturated</li><li>Arterial: PO<sub>2</sub> ~100 mmHg (13.3 kPa), ~97% saturated</li></ul>`,
                },
                {
                  front: `<p>What shifts the oxyhaemoglobin curve to the <strong>right</strong>, and what to the <strong>left</strong>?</p>`,
                  back: `<p><strong>Right</strong> (↓ affinity, ↑ unloading): ↑ PCO<sub>2</sub>, ↑ H<sup>+</sup> (↓ pH — the Bohr effect), ↑ temperature, ↑ 2,3-BPG, exercise.</p><p><strong>Left</strong> (↑ affinity): fetal haemoglobin, carbon monoxide, methaemoglobin, alkalosis, hypothermia, ↓ 2,3-BPG.</p>`,
                },
                {
                  front: `<p>How is arterial <strong>oxygen content</strong> calculated?</p>`,
                  back: `<p>CaO<sub>2</sub> = (1.34 × Hb × SaO<sub>2</sub>) + (0.003 × PaO<sub>2</sub>)</p><p>(Hb in g/dL, PaO<sub>2</sub> in mmHg, result in mL O<sub>2</sub>/dL.) For Hb 15 g/dL, SaO<sub>2</sub> 0.98, PaO<sub>2</sub> 100 mmHg: 19.7 + 0.3 ≈ <strong>20 mL/dL</strong>. Almost all oxygen is carried by haemoglobin.</p>`,
                },
                {
                  front: `<p>In what forms is <strong>CO<sub>2</sub></strong> carried in the blood?</p>`,
                  back: `<ul><li><strong>Bicarbonate</strong>: ~70% (carbonic anhydrase in red cells; HCO<sub>3</sub><sup>−</sup> leaves in exchange for Cl<sup>−</sup> — the chloride shift)</li><li>Carbamino compounds (mostly with haemoglobin): ~20–25%</li><li>Dissolved: ~5–10%</li></ul><p>Deoxygenated haemoglobin carries more CO<sub>2</sub> (Haldane effect).</p>`,
                },
                {
                  front: `<p>State the <strong>alveolar gas equation</strong> and calculate PAO<sub>2</sub> breathing room air at sea level.</p>`,
                  back: `<p>PAO<sub>2</sub> = FiO<sub>2</sub> × (P<sub>atm</sub> − PH<sub>2</sub>O) − PaCO<sub>2</sub> ÷ R</p><p>= 0.21 × (760 − 47) − 40 ÷ 0.8 ≈ 150 − 50 = <strong>100 mmHg</strong> (≈13.3 kPa).</p><p>A–a gradient = PAO<sub>2</sub> − PaO<sub>2</sub>; normally small (&lt;15 mmHg, ~2 kPa, in young adults; it rises with age).</p>`,
                },
                {
                  front: `<p>List the five causes of <strong>hypoxaemia</strong>. Which have a normal A–a gradient?</p>`,
                  back: `<ol><li>V/Q mismatch (commonest)</li><li>Right-to-left shunt (does not correct with 100% O<sub>2</sub>)</li><li>Diffusion impairment</li><li><strong>Hypoventilation</strong> — normal A–a gradient</li><li><strong>Low inspired PO<sub>2</sub></strong> (altitude) — normal A–a gradient</li></ol>`,
                },
                {
                  front: `<p>How does <strong>V/Q</strong> vary from apex to base of the upright lung, and what is hypoxic pulmonary vasoconstriction?</p>`,
                  back: `<p>Both ventilation and perfusion are greater at the base, but perfusion increases more, so V/Q is <strong>high at the apex</strong> (~3) and <strong>low at the base</strong> (~0.6); overall ~0.8.</p><p>Pulmonary arterioles <strong>constrict</strong> in response to alveolar hypoxia (unlike systemic vessels), diverting blood to better-ventilated regions.</p>`,
                },
                {
                  front: `<p>Why is <strong>carbon monoxide</strong> poisoning dangerous, and why can pulse oximetry mislead?</p>`,
                  back: `<ul><li>CO binds haemoglobin with ~200–250 times the affinity of O<sub>2</sub>, lowering O<sub>2</sub> content</li><li>It shifts the curve to the <strong>left</strong>, impairing unloading in tissues</li><li>Standard pulse oximeters read carboxyhaemoglobin as oxyhaemoglobin, so SpO<sub>2</sub> appears <strong>falsely normal</strong></li></ul><p>Treat with high-flow 100% oxygen; measure COHb by co-oximetry.</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Gas Exchange Quiz',
              questions: [
                {
                  question: `Which change shifts the oxyhaemoglobin dissociation curve to the right?`,
                  option1: 'Hypothermia',
                  option2: 'Carbon monoxide poisoning',
                  option3: 'Fetal haemoglobin',
                  option4: 'Increased 2,3-bisphosphoglycerate',
                  option5: 'Respiratory alkalosis',
                  correctOption: 4,
                  explanation: `2,3-BPG binds deoxyhaemoglobin and stabilises its low-affinity form, shifting the curve to the right and favouring O₂ unloading (it rises at altitude and in chronic anaemia). Hypothermia, carbon monoxide, fetal haemoglobin (which binds 2,3-BPG poorly) and alkalosis all shift the curve to the left.`,
                },
                {
                  question: `A patient who took an opioid overdose has PaCO₂ 70 mmHg and PaO₂ 60 mmHg on room air at sea level. What is the main cause of the hypoxaemia?`,
                  option1: 'Right-to-left shunt',
                  option2: 'Diffusion impairment',
                  option3: 'Hypoventilation',
                  option4: 'V/Q mismatch',
                  option5: 'Low inspired oxygen',
                  correctOption: 3,
                  explanation: `PAO₂ = 0.21 × 713 − 70 ÷ 0.8 ≈ 150 − 87.5 = 62.5 mmHg, so the A–a gradient is only about 2.5 mmHg — normal. A raised PaCO₂ with a normal A–a gradient means pure hypoventilation, here from opioid depression of the respiratory centre. Shunt, diffusion impairment and V/Q mismatch widen the A–a gradient; low inspired oxygen does not apply at sea level on room air.`,
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
