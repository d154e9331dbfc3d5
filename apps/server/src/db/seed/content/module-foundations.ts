// Stage 1, free: cell biology and the principles of pharmacology (lecture pages in pages-foundations.ts).
import {
  CELL_STRUCTURE_PAGE,
  MEMBRANE_TRANSPORT_PAGE,
  PHARMACODYNAMICS_PAGE,
  PHARMACOKINETICS_PAGE,
} from './pages-foundations.ts';
import type { DemoModule } from './types.ts';

export const FOUNDATIONS_MODULE: DemoModule = {
  key: 'foundations',
  name: 'Foundations of Medicine',
  stage: 1,
  isFree: true,
  isGlobal: false,
  extraInfo: 'Free core module: the cell and the principles of how drugs work.',
  subjects: [
    {
      key: 'cell-biology',
      name: 'Cell Biology',
      topics: [
        {
          key: 'cell-structure',
          name: 'Cell Structure & Organelles',
          decks: [
            {
              name: 'Organelles',
              cards: [
                {
                  front: `<p>Main functions of the <strong>mitochondrion</strong>? How is its DNA inherited?</p>`,
                  back: `<ul><li>Oxidative phosphorylation (electron transport chain, ATP synthase)</li><li>Krebs (TCA) cycle and fatty acid β-oxidation</li><li>Initiation of apoptosis (cytochrome c release)</li></ul><p>It has its own circular DNA, inherited <strong>maternally</strong>.</p>`,
                },
                {
                  front: `<p>What does the <strong>rough endoplasmic reticulum</strong> make, and which cells have a lot of it?</p>`,
                  back: `<p>Proteins destined for <strong>secretion, membranes and lysosomes</strong> (ribosomes on its surface translate them into the lumen).</p><p>Abundant in plasma cells, pancreatic acinar cells and neurons (Nissl substance).</p>`,
                },
                {
                  front: `<p>Functions of the <strong>smooth endoplasmic reticulum</strong>?</p>`,
                  back: `<ul><li>Lipid and <strong>steroid hormone</strong> synthesis (adrenal cortex, Leydig cells)</li><li>Drug detoxification by cytochrome P450 (hepatocytes)</li><li>Ca<sup>2+</sup> storage (the sarcoplasmic reticulum of muscle)</li><li>Glucose-6-phosphatase (gluconeogenesis, glycogenolysis in the liver)</li></ul>`,
                },
                {
                  front: `<p>What does the <strong>Golgi apparatus</strong> do to lysosomal enzymes, and what happens if this fails?</p>`,
                  back: `<p>It adds <strong>mannose-6-phosphate</strong>, the tag that routes the enzymes to lysosomes.</p><p>Failure (N-acetylglucosamine-1-phosphotransferase deficiency) causes <strong>I-cell disease</strong>: enzymes are secreted instead and undigested material accumulates.</p>`,
                },
                {
                  front: `<p>What are <strong>lysosomes</strong> and what is their internal pH?</p>`,
                  back: `<p>Membrane-bound vesicles of <strong>acid hydrolases</strong> that digest internalised and worn-out material (autophagy). Internal pH about <strong>4.5–5</strong>, kept acidic by a proton pump (V-ATPase). Inherited enzyme defects cause lysosomal storage diseases (e.g. Tay–Sachs, Gaucher).</p>`,
                },
                {
                  front: `<p>Functions of <strong>peroxisomes</strong>?</p>`,
                  back: `<ul><li>β-oxidation of <strong>very-long-chain fatty acids</strong></li><li>Breakdown of H<sub>2</sub>O<sub>2</sub> by <strong>catalase</strong></li><li>Synthesis of plasmalogens (myelin phospholipids) and bile acids</li></ul><p>Peroxisome biogenesis fails in Zellweger syndrome.</p>`,
                },
                {
                  front: `<p>Compare the three <strong>cytoskeletal</strong> filament types.</p>`,
                  back: `<table><thead><tr><th>Filament</th><th>Diameter</th><th>Protein</th><th>Role</th></tr></thead><tbody><tr><td>Microfilament</td><td>~7 nm</td><td>Actin</td><td>Microvilli, cell motility, cytokinesis</td></tr><tr><td>Intermediate</td><td>~10 nm</td><td>Keratin, vimentin, desmin, lamins</td><td>Tensile strength</td></tr><tr><td>Microtubule</td><td>~25 nm</td><td>α/β-tubulin</td><td>Mitotic spindle, cilia, axonal transport</td></tr></tbody></table>`,
                },
                {
                  front: `<p>How do eukaryotic and bacterial <strong>ribosomes</strong> differ, and why does it matter clinically?</p>`,
                  back: `<p>Eukaryotic: <strong>80S</strong> (60S + 40S). Bacterial: <strong>70S</strong> (50S + 30S).</p><p>The difference lets antibiotics such as aminoglycosides and tetracyclines (30S) or macrolides (50S) target bacteria selectively. rRNA is made in the <strong>nucleolus</strong>.</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Organelles Quiz',
              questions: [
                {
                  question: `In I-cell disease, lysosomal enzymes are secreted into the blood instead of reaching lysosomes. In which organelle does the faulty step normally occur?`,
                  option1: 'Rough endoplasmic reticulum',
                  option2: 'Lysosome',
                  option3: 'Golgi apparatus',
                  option4: 'Peroxisome',
                  option5: 'Smooth endoplasmic reticulum',
                  correctOption: 3,
                  explanation: `The Golgi adds mannose-6-phosphate to lysosomal enzymes; without this tag they follow the default secretory pathway. The enzymes are made correctly on the rough ER, and the lysosome is the destination, not the sorting site. Peroxisomes and smooth ER play no part in this targeting.`,
                },
                {
                  question: `Which cell would you expect to contain the most smooth endoplasmic reticulum?`,
                  option1: 'Plasma cell',
                  option2: 'Pancreatic acinar cell',
                  option3: 'Mature erythrocyte',
                  option4: 'Neutrophil',
                  option5: 'Leydig cell of the testis',
                  correctOption: 5,
                  explanation: `Leydig cells synthesise testosterone, and steroid synthesis takes place in the smooth ER. Plasma cells and pancreatic acinar cells secrete proteins (antibodies, digestive enzymes) and are rich in rough ER. Mature erythrocytes have no organelles, and neutrophils are dominated by granules.`,
                },
                {
                  question: `A woman has a disease caused by a mutation in mitochondrial DNA. Which of her children can inherit it from her?`,
                  option1: 'All of her children, sons and daughters, with variable severity',
                  option2: 'Only her sons',
                  option3: 'Only her daughters',
                  option4: 'Half of her children, as in autosomal dominant inheritance',
                  correctOption: 1,
                  explanation: `Mitochondria come from the oocyte, so a mother passes mitochondrial DNA to all her children; affected fathers do not transmit it. Because cells hold a mixture of normal and mutant mitochondria (heteroplasmy), severity varies between children. Sex-limited patterns and 50% transmission belong to X-linked and autosomal inheritance.`,
                },
              ],
            },
          ],
          pages: [CELL_STRUCTURE_PAGE],
        },
        {
          key: 'membrane-transport',
          name: 'Membrane Transport',
          decks: [
            {
              name: 'Membranes & Transport',
              cards: [
                {
                  front: `<p>Describe the <strong>fluid mosaic model</strong> of the plasma membrane.</p>`,
                  back: `<p>A <strong>phospholipid bilayer</strong> (hydrophilic heads outwards, hydrophobic tails inwards) with cholesterol, in which integral and peripheral proteins move laterally. Carbohydrates on the outer surface form the glycocalyx.</p>`,
                },
                {
                  front: `<p>Compare <strong>simple</strong> and <strong>facilitated</strong> diffusion.</p>`,
                  back: `<table><thead><tr><th></th><th>Simple</th><th>Facilitated</th></tr></thead><tbody><tr><td>Direction</td><td>Down gradient</td><td>Down gradient</td></tr><tr><td>Protein needed</td><td>No</td><td>Yes (carrier or channel)</td></tr><tr><td>Saturable</td><td>No</td><td>Yes (has a V<sub>max</sub>)</td></tr><tr><td>Examples</td><td>O<sub>2</sub>, CO<sub>2</sub>, steroids</td><td>Glucose via GLUT</td></tr></tbody></table><p>Neither uses ATP directly.</p>`,
                },
                {
                  front: `<p>What does the <strong>Na<sup>+</sup>/K<sup>+</sup>-ATPase</strong> move per ATP, and which drug inhibits it?</p>`,
                  back: `<p><strong>3 Na<sup>+</sup> out, 2 K<sup>+</sup> in</strong> per ATP hydrolysed, so it is electrogenic (net one positive charge out).</p><p>Inhibited by cardiac glycosides such as <strong>digoxin</strong>.</p>`,
                },
                {
                  front: `<p>What is <strong>secondary active transport</strong>? Give one symporter and one antiporter.</p>`,
                  back: `<p>Transport that uses the Na<sup>+</sup> gradient created by the Na<sup>+</sup>/K<sup>+</sup>-ATPase, not ATP directly.</p><ul><li>Symport: <strong>SGLT</strong> (Na<sup>+</sup> with glucose) in gut and proximal tubule</li><li>Antiport: <strong>Na<sup>+</sup>/Ca<sup>2+</sup> exchanger</strong> (3 Na<sup>+</sup> in, 1 Ca<sup>2+</sup> out)</li></ul>`,
                },
                {
                  front: `<p>Typical extracellular and intracellular concentrations of Na<sup>+</sup>, K<sup>+</sup>, Cl<sup>−</sup> and Ca<sup>2+</sup>?</p>`,
                  back: `<table><thead><tr><th>Ion</th><th>Outside (mmol/L)</th><th>Inside (mmol/L)</th></tr></thead><tbody><tr><td>Na<sup>+</sup></td><td>~140</td><td>~12</td></tr><tr><td>K<sup>+</sup></td><td>~4</td><td>~140</td></tr><tr><td>Cl<sup>−</sup></td><td>~105</td><td>~10</td></tr><tr><td>Ca<sup>2+</sup> (free)</td><td>~1.2</td><td>~0.0001</td></tr></tbody></table>`,
                },
                {
                  front: `<p>What sets the <strong>resting membrane potential</strong>, and what is its value in a neuron and a ventricular myocyte?</p>`,
                  back: `<p>Mainly the membrane's high resting permeability to <strong>K<sup>+</sup></strong>, so it lies near the K<sup>+</sup> equilibrium potential (about −90 mV); the Na<sup>+</sup>/K<sup>+</sup>-ATPase maintains the gradients.</p><ul><li>Neuron: about <strong>−70 mV</strong></li><li>Ventricular myocyte: about <strong>−90 mV</strong></li></ul>`,
                },
                {
                  front: `<p>What happens to a red blood cell placed in a <strong>hypotonic</strong> and in a <strong>hypertonic</strong> solution?</p>`,
                  back: `<ul><li>Hypotonic (e.g. 0.45% NaCl or water): water enters, the cell <strong>swells and may lyse</strong></li><li>Hypertonic (e.g. 3% NaCl): water leaves, the cell <strong>shrinks (crenates)</strong></li></ul><p>0.9% NaCl is isotonic.</p>`,
                },
                {
                  front: `<p>Name three forms of <strong>endocytosis</strong>.</p>`,
                  back: `<ul><li><strong>Phagocytosis</strong>: engulfing particles (macrophages, neutrophils)</li><li><strong>Pinocytosis</strong>: non-specific uptake of fluid</li><li><strong>Receptor-mediated</strong>: clathrin-coated pits, e.g. LDL uptake via the LDL receptor</li></ul>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Membrane Transport Quiz',
              questions: [
                {
                  question: `Digoxin increases the force of contraction of cardiac muscle. Which sequence explains this?`,
                  option1: 'It opens L-type Ca²⁺ channels directly',
                  option2:
                    'It inhibits the Na⁺/K⁺-ATPase, intracellular Na⁺ rises, the Na⁺/Ca²⁺ exchanger removes less Ca²⁺, intracellular Ca²⁺ rises',
                  option3: 'It stimulates β1-adrenoceptors, raising cAMP',
                  option4: 'It inhibits phosphodiesterase 3, raising cAMP',
                  option5: 'It blocks K⁺ channels, prolonging the plateau',
                  correctOption: 2,
                  explanation: `Digoxin inhibits the Na⁺/K⁺-ATPase. The smaller Na⁺ gradient slows Ca²⁺ extrusion by the Na⁺/Ca²⁺ exchanger, so more Ca²⁺ is stored and released by the sarcoplasmic reticulum. β1 agonists (dobutamine) and PDE3 inhibitors (milrinone) raise cAMP; digoxin does neither. It does not act directly on Ca²⁺ or K⁺ channels.`,
                },
                {
                  question: `Which substance crosses the plasma membrane mainly by simple diffusion?`,
                  option1: 'Glucose',
                  option2: 'Sodium ions',
                  option3: 'Albumin',
                  option4: 'Oxygen',
                  option5: 'Potassium ions',
                  correctOption: 4,
                  explanation: `Small, non-polar, lipid-soluble molecules such as O₂ and CO₂ dissolve in the lipid bilayer. Glucose needs GLUT carriers (facilitated diffusion) or SGLT (secondary active transport); ions need channels or pumps; albumin is a large protein taken up, if at all, by endocytosis.`,
                },
                {
                  question: `Red blood cells are placed in 0.45% sodium chloride. What happens?`,
                  option1: 'Nothing: the solution is isotonic',
                  option2: 'The cells shrink and crenate',
                  option3: 'The cells swell and may lyse',
                  option4: 'The cells lose K⁺ and gain Na⁺ but keep their volume',
                  correctOption: 3,
                  explanation: `0.45% NaCl has about half the osmolality of plasma, so it is hypotonic: water moves into the cells, which swell and can burst (haemolysis). 0.9% NaCl is isotonic; a hypertonic solution would make the cells shrink and crenate.`,
                },
              ],
            },
          ],
          pages: [MEMBRANE_TRANSPORT_PAGE],
        },
      ],
    },
    {
      key: 'pharmacology-principles',
      name: 'Principles of Pharmacology',
      topics: [
        {
          key: 'pharmacokinetics',
          name: 'Pharmacokinetics',
          decks: [
            {
              name: 'Pharmacokinetics Essentials',
              cards: [
                {
                  front: `<p>What does <strong>ADME</strong> stand for?</p>`,
                  back: `<p><strong>A</strong>bsorption, <strong>D</strong>istribution, <strong>M</strong>etabolism, <strong>E</strong>xcretion — what the body does to a drug (pharmacokinetics).</p>`,
                },
                {
                  front: `<p>Define <strong>bioavailability</strong>. Why is glyceryl trinitrate given sublingually?</p>`,
                  back: `<p>The fraction (F) of an administered dose that reaches the systemic circulation unchanged; IV = 100%.</p><p>Oral GTN undergoes extensive <strong>first-pass metabolism</strong> in the gut wall and liver. Sublingual absorption drains into the systemic veins, bypassing the liver.</p>`,
                },
                {
                  front: `<p>Define <strong>volume of distribution</strong> (V<sub>d</sub>). What does a very large V<sub>d</sub> mean?</p>`,
                  back: `<p>V<sub>d</sub> = amount of drug in the body ÷ plasma concentration.</p><p>A V<sub>d</sub> far larger than body water (e.g. digoxin, amiodarone) means the drug is <strong>concentrated in tissues</strong>. A small V<sub>d</sub> (e.g. warfarin, heparin) means it stays mostly in plasma.</p>`,
                },
                {
                  front: `<p>How is <strong>half-life</strong> related to V<sub>d</sub> and clearance, and when is steady state reached?</p>`,
                  back: `<p>t<sub>½</sub> = 0.693 × V<sub>d</sub> ÷ CL</p><p>With regular dosing, steady state is reached after about <strong>4–5 half-lives</strong> (whatever the dose). Elimination is likewise about 97% complete after 5 half-lives.</p>`,
                },
                {
                  front: `<p>Formulae for <strong>loading dose</strong> and <strong>maintenance dose rate</strong>?</p>`,
                  back: `<ul><li>Loading dose = C<sub>target</sub> × V<sub>d</sub> ÷ F</li><li>Maintenance dose rate = C<sub>target</sub> × CL ÷ F</li></ul><p>The loading dose depends on V<sub>d</sub>; the maintenance dose depends on clearance.</p>`,
                },
                {
                  front: `<p>Compare <strong>first-order</strong> and <strong>zero-order</strong> elimination and name zero-order drugs.</p>`,
                  back: `<p>First-order: a constant <em>fraction</em> is eliminated per unit time (constant t<sub>½</sub>). Zero-order: a constant <em>amount</em> per unit time because the enzymes are saturated.</p><p>Zero-order (saturable): <strong>ethanol, phenytoin, high-dose aspirin</strong> — small dose increases cause large rises in concentration.</p>`,
                },
                {
                  front: `<p>Compare <strong>phase I</strong> and <strong>phase II</strong> drug metabolism.</p>`,
                  back: `<ul><li><strong>Phase I</strong>: oxidation, reduction, hydrolysis (mostly cytochrome P450); may produce active or toxic metabolites</li><li><strong>Phase II</strong>: conjugation (glucuronidation, sulfation, acetylation, methylation, glutathione) making the drug more water-soluble for excretion</li></ul>`,
                },
                {
                  front: `<p>Give examples of <strong>CYP450 inducers</strong> and <strong>inhibitors</strong>.</p>`,
                  back: `<table><thead><tr><th>Inducers (↓ levels of other drugs)</th><th>Inhibitors (↑ levels of other drugs)</th></tr></thead><tbody><tr><td>Rifampicin</td><td>Clarithromycin, erythromycin</td></tr><tr><td>Carbamazepine, phenytoin</td><td>Fluconazole, ketoconazole</td></tr><tr><td>St John's wort</td><td>Grapefruit juice</td></tr><tr><td>Chronic alcohol, smoking (CYP1A2)</td><td>Ritonavir, amiodarone</td></tr></tbody></table>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Pharmacokinetics Quiz',
              questions: [
                {
                  question: `A drug with a half-life of 6 hours is started at a regular dose. Roughly when will the plasma concentration reach steady state?`,
                  option1: '6 hours',
                  option2: '12 hours',
                  option3: '24–30 hours',
                  option4: '72 hours',
                  option5: 'Only after a loading dose',
                  correctOption: 3,
                  explanation: `Steady state is approached after 4–5 half-lives: 4–5 × 6 h = 24–30 h. One half-life gives only 50% of the steady-state level and two give 75%. A loading dose reaches the target faster, but steady state is reached without one.`,
                },
                {
                  question: `A drug has Vd = 50 L and oral bioavailability F = 1. What loading dose gives a plasma concentration of 2 mg/L?`,
                  option1: '25 mg',
                  option2: '50 mg',
                  option3: '200 mg',
                  option4: '100 mg',
                  option5: '400 mg',
                  correctOption: 4,
                  explanation: `Loading dose = target concentration × Vd ÷ F = 2 mg/L × 50 L ÷ 1 = 100 mg. 25 mg comes from dividing Vd by the concentration; 200 mg would follow if F were 0.5.`,
                },
                {
                  question: `A patient stable on warfarin starts rifampicin. What is the most likely effect?`,
                  option1: 'INR rises and the risk of bleeding increases',
                  option2: 'INR falls and the risk of thrombosis increases',
                  option3: 'No change, because rifampicin is renally excreted',
                  option4: 'Warfarin is displaced from albumin, causing lasting toxicity',
                  correctOption: 2,
                  explanation: `Rifampicin is a potent CYP450 inducer; it speeds warfarin metabolism, so the INR falls and protection against thrombosis is lost (the warfarin dose usually has to rise, then fall again when rifampicin stops). A rising INR is the effect of enzyme inhibitors such as clarithromycin or fluconazole. Protein-binding displacement causes at most a transient change.`,
                },
              ],
            },
          ],
          pages: [PHARMACOKINETICS_PAGE],
        },
        {
          key: 'pharmacodynamics',
          name: 'Receptors & Pharmacodynamics',
          decks: [
            {
              name: 'Drug–Receptor Interactions',
              cards: [
                {
                  front: `<p>Define <strong>agonist</strong>, <strong>antagonist</strong>, <strong>partial agonist</strong> and <strong>inverse agonist</strong>.</p>`,
                  back: `<ul><li><strong>Agonist</strong>: binds and activates the receptor</li><li><strong>Antagonist</strong>: binds without activating, blocking agonists</li><li><strong>Partial agonist</strong>: cannot produce the maximal response even at full occupancy</li><li><strong>Inverse agonist</strong>: reduces the receptor's constitutive (baseline) activity</li></ul>`,
                },
                {
                  front: `<p>Distinguish <strong>potency</strong> from <strong>efficacy</strong>.</p>`,
                  back: `<p><strong>Potency</strong>: the concentration needed for a given effect (EC<sub>50</sub>); lower EC<sub>50</sub> = more potent.</p><p><strong>Efficacy</strong>: the maximal effect (E<sub>max</sub>) a drug can produce. Efficacy usually matters more clinically.</p>`,
                },
                {
                  front: `<p>How do <strong>competitive</strong> and <strong>non-competitive</strong> antagonists change an agonist's dose–response curve?</p>`,
                  back: `<ul><li><strong>Competitive</strong> (reversible): parallel <strong>right shift</strong>, E<sub>max</sub> unchanged — surmountable (e.g. naloxone vs morphine)</li><li><strong>Non-competitive / irreversible</strong>: <strong>E<sub>max</sub> reduced</strong> — not surmountable (e.g. phenoxybenzamine at α-adrenoceptors)</li></ul>`,
                },
                {
                  front: `<p>Define the <strong>therapeutic index</strong> and list drugs with a narrow one.</p>`,
                  back: `<p>TI = TD<sub>50</sub> ÷ ED<sub>50</sub> (toxic dose ÷ effective dose). A narrow TI means toxicity occurs close to therapeutic levels, so levels or effects are monitored.</p><p>Examples: <strong>warfarin, digoxin, lithium, phenytoin, theophylline, gentamicin</strong>.</p>`,
                },
                {
                  front: `<p>Name the four receptor superfamilies with an example and time-scale of each.</p>`,
                  back: `<table><thead><tr><th>Type</th><th>Example</th><th>Time-scale</th></tr></thead><tbody><tr><td>Ligand-gated ion channel</td><td>Nicotinic ACh, GABA<sub>A</sub></td><td>Milliseconds</td></tr><tr><td>G protein-coupled</td><td>β-adrenoceptor, muscarinic</td><td>Seconds</td></tr><tr><td>Kinase-linked</td><td>Insulin receptor</td><td>Minutes–hours</td></tr><tr><td>Nuclear (intracellular)</td><td>Steroid, thyroid hormone</td><td>Hours–days</td></tr></tbody></table>`,
                },
                {
                  front: `<p>Which second messengers do <strong>G<sub>s</sub></strong>, <strong>G<sub>i</sub></strong> and <strong>G<sub>q</sub></strong> use? Give receptors for each.</p>`,
                  back: `<ul><li><strong>G<sub>s</sub></strong>: ↑ adenylyl cyclase → ↑ cAMP (β1, β2, D1, H2, V2)</li><li><strong>G<sub>i</sub></strong>: ↓ adenylyl cyclase → ↓ cAMP (α2, M2, D2)</li><li><strong>G<sub>q</sub></strong>: phospholipase C → IP<sub>3</sub> + DAG → ↑ Ca<sup>2+</sup> (α1, M1, M3, H1, V1)</li></ul>`,
                },
                {
                  front: `<p>What is <strong>tachyphylaxis</strong>? Give a clinical example.</p>`,
                  back: `<p>A rapid decrease in response to repeated doses (receptor desensitisation, mediator depletion).</p><p>Continuous <strong>nitrate</strong> therapy loses effect within a day or so, so regimens include a <strong>nitrate-free interval</strong> (e.g. asymmetric isosorbide mononitrate dosing).</p>`,
                },
                {
                  front: `<p>Why can <strong>buprenorphine</strong> precipitate withdrawal in someone dependent on heroin?</p>`,
                  back: `<p>It is a high-affinity <strong>partial agonist</strong> at μ-opioid receptors. It displaces the full agonist but activates the receptors less, so net opioid effect falls — it behaves as an antagonist in the presence of a full agonist.</p>`,
                },
              ],
            },
          ],
          quizzes: [
            {
              name: 'Pharmacodynamics Quiz',
              questions: [
                {
                  question: `An agonist's dose–response curve is measured with and without a fixed concentration of a reversible competitive antagonist. What change is seen?`,
                  option1: 'Lower maximum response with no change in EC₅₀',
                  option2: 'Shift to the left with the same maximum',
                  option3: 'No change at any agonist concentration',
                  option4: 'Steeper slope with a higher maximum',
                  option5: 'Parallel shift to the right with the same maximum',
                  correctOption: 5,
                  explanation: `A competitive antagonist competes for the same binding site, so enough agonist overcomes it: the curve shifts right (higher EC₅₀) with an unchanged Emax. A reduced maximum is typical of non-competitive or irreversible antagonists. A left shift would mean sensitisation, not antagonism.`,
                },
                {
                  question: `Which receptor signals mainly through Gq, phospholipase C and IP₃?`,
                  option1: 'β1-adrenoceptor',
                  option2: 'M2 muscarinic receptor',
                  option3: 'α1-adrenoceptor',
                  option4: 'D2 dopamine receptor',
                  option5: 'β2-adrenoceptor',
                  correctOption: 3,
                  explanation: `α1-adrenoceptors are Gq-coupled: IP₃ releases Ca²⁺, which contracts vascular smooth muscle. β1 and β2 are Gs-coupled (↑ cAMP); M2 and D2 are Gi-coupled (↓ cAMP).`,
                },
                {
                  question: `Drug A has EC₅₀ = 1 nM and Emax = 60%. Drug B has EC₅₀ = 100 nM and Emax = 100%. Which statement is correct?`,
                  option1: 'A is more potent and more efficacious',
                  option2: 'A is more potent; B is more efficacious',
                  option3: 'B is more potent; A is more efficacious',
                  option4: 'B is more potent and more efficacious',
                  correctOption: 2,
                  explanation: `Potency is judged by EC₅₀: A needs 100 times less drug for half its maximal effect, so A is more potent. Efficacy is the maximal effect: B reaches 100%, A only 60% (A behaves as a partial agonist). The two properties are independent.`,
                },
              ],
            },
          ],
          pages: [PHARMACODYNAMICS_PAGE],
        },
      ],
    },
  ],
};
