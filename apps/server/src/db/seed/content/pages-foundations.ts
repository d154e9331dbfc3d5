// Lecture pages of the Foundations of Medicine module. Recall passages use class="recall".
import type { DemoPage } from './types.ts';

export const CELL_STRUCTURE_PAGE: DemoPage = {
  title: 'The Eukaryotic Cell and Its Organelles',
  htmlBody: `<h2>Why organelles matter</h2>
<p>Every tissue you will study is built from cells that share the same basic plan: a plasma membrane, a nucleus and a set of membrane-bound organelles suspended in the cytosol. Compartments let incompatible chemistry run side by side — acid digestion in lysosomes, oxidative reactions in peroxisomes, protein folding in the endoplasmic reticulum. A cell's function can often be read from its organelles, and many diseases are defects of a single compartment.</p>
<h2>The nucleus</h2>
<p>The nucleus holds the genome, packaged with histones as chromatin. Loosely packed <strong>euchromatin</strong> is transcriptionally active; dense <strong>heterochromatin</strong> is largely silent. The nuclear envelope is a double membrane continuous with the rough endoplasmic reticulum and perforated by nuclear pores, which regulate traffic of mRNA out and proteins in.</p>
<p>The <strong>nucleolus</strong> is not membrane-bound. <span class="recall">It is the site of ribosomal RNA synthesis and ribosome subunit assembly</span>, so it is prominent in cells making a lot of protein.</p>
<h2>The protein factory: ER and Golgi</h2>
<h3>Rough endoplasmic reticulum</h3>
<p>Ribosomes attached to the rough ER translate proteins that will be <em>secreted</em>, inserted into <em>membranes</em> or sent to <em>lysosomes</em>. The growing chain enters the lumen, where it is folded and begins N-linked glycosylation. Cytosolic proteins, by contrast, are made on free ribosomes.</p>
<h3>Smooth endoplasmic reticulum</h3>
<p>The smooth ER lacks ribosomes. It synthesises lipids and steroid hormones, detoxifies drugs via cytochrome P450 enzymes and stores calcium. In skeletal and cardiac muscle it is specialised as the sarcoplasmic reticulum.</p>
<div class="recall"><p>Cells rich in <strong>rough ER</strong>: plasma cells, pancreatic acinar cells, neurons (Nissl substance). Cells rich in <strong>smooth ER</strong>: hepatocytes, adrenal cortex, Leydig cells.</p></div>
<h3>Golgi apparatus</h3>
<p>Vesicles carry proteins from the ER to the <em>cis</em> face of the Golgi. As they pass through its cisternae they are further glycosylated, sulfated and sorted, then leave from the <em>trans</em> face towards the plasma membrane, secretory granules or lysosomes. The Golgi labels lysosomal enzymes with <span class="recall">mannose-6-phosphate; failure of this step causes I-cell disease, in which the enzymes are secreted instead of delivered to lysosomes</span>.</p>
<h2>Degradation and recycling</h2>
<p><strong>Lysosomes</strong> contain acid hydrolases active at a pH of about 4.5–5. They digest material brought in by endocytosis and phagocytosis and recycle worn-out organelles by autophagy. Inherited deficiencies of single lysosomal enzymes cause the lysosomal storage diseases, such as Tay–Sachs disease (hexosaminidase A) and Gaucher disease (glucocerebrosidase).</p>
<p><strong>Proteasomes</strong> are cytosolic protein complexes that degrade proteins tagged with ubiquitin — the main route for removing misfolded and short-lived proteins.</p>
<p><strong>Peroxisomes</strong> carry out β-oxidation of very-long-chain fatty acids and break down hydrogen peroxide with catalase. They also contribute to plasmalogen and bile acid synthesis.</p>
<h2>Energy: the mitochondrion</h2>
<p>Mitochondria have an outer membrane and a folded inner membrane (cristae) that carries the electron transport chain and ATP synthase. The matrix hosts the Krebs cycle and fatty acid β-oxidation. Mitochondria also trigger apoptosis by releasing cytochrome c.</p>
<p>They contain their own small circular genome. <span class="recall">Mitochondrial DNA is inherited from the mother, and because each cell holds a mixture of normal and mutant copies (heteroplasmy), disease severity varies between affected children.</span> Tissues with high energy demand — brain, muscle, retina — are hit hardest.</p>
<h2>The cytoskeleton</h2>
<table>
<thead><tr><th>Filament</th><th>Subunit</th><th>Main roles</th></tr></thead>
<tbody>
<tr><td>Microfilaments (~7 nm)</td><td>Actin</td><td>Cell shape, microvilli, muscle contraction, cytokinesis</td></tr>
<tr><td>Intermediate filaments (~10 nm)</td><td>Keratins, vimentin, desmin, lamins, neurofilaments</td><td>Mechanical strength; useful tumour markers in pathology</td></tr>
<tr><td>Microtubules (~25 nm)</td><td>α- and β-tubulin</td><td>Mitotic spindle, cilia and flagella, transport along axons</td></tr>
</tbody>
</table>
<p>Microtubules are targets for important drugs: colchicine prevents their polymerisation (used in gout), and vinca alkaloids and taxanes interfere with the mitotic spindle (used in cancer).</p>
<h2>Key points</h2>
<ul>
<li>Secretory, membrane and lysosomal proteins: rough ER, then Golgi.</li>
<li>Steroids and drug metabolism: smooth ER.</li>
<li>Digestion: lysosomes (acidic) and proteasomes (ubiquitin-tagged proteins).</li>
<li>ATP: mitochondria, with a maternally inherited genome.</li>
</ul>`,
};

export const MEMBRANE_TRANSPORT_PAGE: DemoPage = {
  title: 'Membrane Transport and the Resting Potential',
  htmlBody: `<h2>The plasma membrane</h2>
<p>The plasma membrane is a phospholipid bilayer about 5–10 nm thick, studded with proteins and cholesterol — the <strong>fluid mosaic</strong>. Its hydrophobic core is a barrier to ions and polar molecules, so almost everything a cell exchanges with its surroundings depends on transport proteins. Understanding these proteins explains nerve conduction, kidney function and the action of many drugs.</p>
<h2>Passive transport</h2>
<h3>Simple diffusion</h3>
<p>Small non-polar molecules (O<sub>2</sub>, CO<sub>2</sub>, steroid hormones, anaesthetic gases) dissolve in the bilayer and move down their concentration gradient. By Fick's law the rate is proportional to surface area and the concentration difference and inversely proportional to membrane thickness. No protein is needed and the process does not saturate.</p>
<h3>Facilitated diffusion</h3>
<p>Polar molecules and ions cross through <strong>carriers</strong> or <strong>channels</strong>, still moving down their electrochemical gradient and without using ATP. Carrier-mediated transport shows saturation kinetics, specificity and competition. The GLUT family is the classic example: GLUT4 in muscle and fat is inserted into the membrane in response to insulin.</p>
<h3>Osmosis</h3>
<p>Water moves across membranes (largely through aquaporins) from lower to higher solute concentration. What matters for cell volume is <em>tonicity</em> — the effective osmolality created by solutes that cannot cross the membrane.</p>
<div class="recall"><p>0.9% sodium chloride is isotonic. Red cells swell and may lyse in hypotonic solutions and shrink (crenate) in hypertonic ones.</p></div>
<h2>Active transport</h2>
<h3>Primary active transport</h3>
<p>Pumps hydrolyse ATP to move solutes against their gradient. The most important is the <strong>Na<sup>+</sup>/K<sup>+</sup>-ATPase</strong>, present in almost every cell and responsible for a large share of resting energy use. <span class="recall">Each cycle moves three Na<sup>+</sup> out and two K<sup>+</sup> in per ATP, so the pump is electrogenic.</span> Other examples are the Ca<sup>2+</sup>-ATPases of the plasma membrane and sarcoplasmic reticulum, and the H<sup>+</sup>/K<sup>+</sup>-ATPase of gastric parietal cells, the target of proton pump inhibitors such as omeprazole.</p>
<h3>Secondary active transport</h3>
<p>The Na<sup>+</sup> gradient built by the pump is itself a store of energy. <strong>Symporters</strong> move Na<sup>+</sup> and another solute in the same direction — SGLT1 in the small intestine and SGLT2 in the proximal tubule take up glucose this way. <strong>Antiporters</strong> move them in opposite directions — the Na<sup>+</sup>/Ca<sup>2+</sup> exchanger brings in three Na<sup>+</sup> for each Ca<sup>2+</sup> it extrudes, and the Na<sup>+</sup>/H<sup>+</sup> exchanger regulates intracellular pH.</p>
<p>This coupling explains how <strong>digoxin</strong> works: by partially inhibiting the Na<sup>+</sup>/K<sup>+</sup>-ATPase it raises intracellular Na<sup>+</sup>, slows Ca<sup>2+</sup> removal by the exchanger and so increases the calcium available for contraction.</p>
<h2>Vesicular transport</h2>
<ul>
<li><strong>Phagocytosis</strong> — engulfment of bacteria and debris by neutrophils and macrophages.</li>
<li><strong>Pinocytosis</strong> — non-specific uptake of extracellular fluid.</li>
<li><strong>Receptor-mediated endocytosis</strong> — clathrin-coated pits concentrate specific ligands, such as LDL binding the LDL receptor. Defective LDL receptors cause familial hypercholesterolaemia.</li>
<li><strong>Exocytosis</strong> — fusion of vesicles with the membrane to release hormones and neurotransmitters, triggered by a rise in intracellular Ca<sup>2+</sup>.</li>
</ul>
<h2>Ion gradients and the resting membrane potential</h2>
<table>
<thead><tr><th>Ion</th><th>Extracellular (mmol/L)</th><th>Intracellular (mmol/L)</th></tr></thead>
<tbody>
<tr><td>Na<sup>+</sup></td><td>~140</td><td>~12</td></tr>
<tr><td>K<sup>+</sup></td><td>~4</td><td>~140</td></tr>
<tr><td>Cl<sup>−</sup></td><td>~105</td><td>~10</td></tr>
<tr><td>Ca<sup>2+</sup> (ionised)</td><td>~1.2</td><td>~0.0001</td></tr>
</tbody>
</table>
<p>At rest the membrane is far more permeable to K<sup>+</sup> than to Na<sup>+</sup>. Potassium leaks out down its concentration gradient until the negative charge left inside balances the chemical drive. The Nernst equation gives the equilibrium potential for K<sup>+</sup> at about −90 mV.</p>
<div class="recall"><p>The resting membrane potential is about −70 mV in neurons and −90 mV in ventricular myocytes. It is set mainly by K<sup>+</sup> permeability; the pump maintains the gradients.</p></div>
<h3>Clinical link: plasma potassium</h3>
<p>Because the resting potential depends on the K<sup>+</sup> gradient, changes in plasma potassium alter excitability, especially in the heart. Hyperkalaemia depolarises cells and can cause dangerous arrhythmias; hypokalaemia causes muscle weakness and also predisposes to arrhythmias. This is why plasma K<sup>+</sup> (normal about 3.5–5.0 mmol/L) is monitored so closely.</p>`,
};

export const PHARMACOKINETICS_PAGE: DemoPage = {
  title: 'Pharmacokinetics: What the Body Does to a Drug',
  htmlBody: `<h2>Overview</h2>
<p>Pharmacokinetics describes how a drug's concentration changes with time as it is <strong>absorbed, distributed, metabolised and excreted</strong> (ADME). A handful of parameters — bioavailability, volume of distribution, clearance and half-life — let you predict how much to give, how often, and what happens when something changes, such as kidney function or a second drug.</p>
<h2>Absorption and bioavailability</h2>
<p>Most oral drugs are absorbed by passive diffusion in the small intestine, which favours small, lipid-soluble, un-ionised molecules. Before reaching the systemic circulation they pass through the gut wall and liver, where <strong>first-pass metabolism</strong> may destroy much of the dose.</p>
<p><span class="recall">Bioavailability (F) is the fraction of a dose that reaches the systemic circulation unchanged; by definition it is 100% for intravenous drugs.</span> Drugs with extensive first-pass metabolism — glyceryl trinitrate, lidocaine, morphine, propranolol — are given by other routes or at higher oral doses. Sublingual, rectal (partly), transdermal and parenteral routes avoid the portal circulation.</p>
<h2>Distribution</h2>
<p>The <strong>apparent volume of distribution</strong> (V<sub>d</sub>) relates the amount of drug in the body to its plasma concentration. It is not a real anatomical space: drugs heavily bound in tissues can have a V<sub>d</sub> of hundreds of litres.</p>
<table>
<thead><tr><th>V<sub>d</sub></th><th>Meaning</th><th>Examples</th></tr></thead>
<tbody>
<tr><td>Small (≈ 3–10 L)</td><td>Confined to plasma; large or highly protein-bound</td><td>Heparin, warfarin</td></tr>
<tr><td>Moderate (≈ 15–45 L)</td><td>Extracellular fluid or total body water</td><td>Gentamicin, ethanol</td></tr>
<tr><td>Large (&gt;100 L)</td><td>Concentrated in tissues</td><td>Digoxin, amiodarone, chloroquine</td></tr>
</tbody>
</table>
<p>Only the <em>unbound</em> drug is pharmacologically active and available for elimination. Acidic drugs bind mainly to albumin; low albumin (liver disease, nephrotic syndrome) can increase the free fraction.</p>
<h2>Metabolism</h2>
<h3>Phase I and phase II</h3>
<p>Phase I reactions — oxidation, reduction, hydrolysis — are carried out mostly by the hepatic <strong>cytochrome P450</strong> enzymes, with CYP3A4 handling the largest share of drugs. Phase II reactions conjugate the drug with glucuronide, sulfate, acetyl, methyl or glutathione groups, producing polar compounds that the kidney or bile can excrete. Some drugs are <em>prodrugs</em> activated by metabolism (e.g. clopidogrel, codeine to morphine).</p>
<h3>Enzyme induction and inhibition</h3>
<div class="recall"><p>Inducers (rifampicin, carbamazepine, phenytoin, St John's wort, chronic alcohol) lower the levels of co-prescribed drugs over days to weeks. Inhibitors (clarithromycin, fluconazole, grapefruit juice, ritonavir, amiodarone) raise them, often within days.</p></div>
<p>The classic danger is warfarin: an inhibitor raises the INR and bleeding risk; an inducer lowers the INR and leaves the patient unprotected against thrombosis.</p>
<h2>Elimination: clearance and half-life</h2>
<p><strong>Clearance</strong> (CL) is the volume of plasma completely cleared of drug per unit time. It determines the maintenance dose. Renal clearance falls with glomerular filtration rate, which is why doses of renally excreted drugs (gentamicin, lithium, many anticoagulants) are adjusted to kidney function.</p>
<p>The <strong>half-life</strong> depends on both distribution and clearance:</p>
<p><span class="recall">t<sub>½</sub> = 0.693 × V<sub>d</sub> ÷ CL. With regular dosing, steady state is reached after about 4–5 half-lives.</span></p>
<h3>Loading and maintenance doses</h3>
<ul>
<li><strong>Loading dose</strong> = target concentration × V<sub>d</sub> ÷ F — used when a drug with a long half-life is needed quickly (digoxin, amiodarone).</li>
<li><strong>Maintenance dose rate</strong> = target concentration × CL ÷ F.</li>
</ul>
<h2>First-order and zero-order kinetics</h2>
<p>For most drugs the rate of elimination is proportional to concentration (<strong>first-order</strong>): a constant fraction is removed per unit time and the half-life is constant. When the eliminating enzymes saturate, a constant <em>amount</em> is removed per unit time (<strong>zero-order</strong>). Ethanol, phenytoin and high-dose salicylate behave this way, so a small dose increase can cause a disproportionate rise in plasma level and toxicity.</p>`,
};

export const PHARMACODYNAMICS_PAGE: DemoPage = {
  title: 'Pharmacodynamics: What a Drug Does to the Body',
  htmlBody: `<h2>Drugs and their targets</h2>
<p>Most drugs act by binding to a protein target: a <strong>receptor</strong>, an <strong>ion channel</strong>, an <strong>enzyme</strong> or a <strong>transporter</strong>. Pharmacodynamics studies the relationship between the concentration of drug at its target and the size of the effect. Two properties describe binding and response: <em>affinity</em> (how avidly a drug binds) and <em>efficacy</em> (how well binding turns into a response).</p>
<h2>Receptor superfamilies</h2>
<table>
<thead><tr><th>Superfamily</th><th>Mechanism</th><th>Examples</th><th>Speed</th></tr></thead>
<tbody>
<tr><td>Ligand-gated ion channels</td><td>Binding opens an integral channel</td><td>Nicotinic ACh receptor, GABA<sub>A</sub>, 5-HT<sub>3</sub></td><td>Milliseconds</td></tr>
<tr><td>G protein-coupled receptors</td><td>Seven transmembrane helices activate a G protein</td><td>Adrenoceptors, muscarinic, opioid receptors</td><td>Seconds</td></tr>
<tr><td>Kinase-linked receptors</td><td>Ligand activates tyrosine kinase activity</td><td>Insulin, growth factor receptors</td><td>Minutes to hours</td></tr>
<tr><td>Nuclear receptors</td><td>Ligand–receptor complex regulates gene transcription</td><td>Glucocorticoid, thyroid hormone, oestrogen receptors</td><td>Hours to days</td></tr>
</tbody>
</table>
<h3>G proteins and second messengers</h3>
<p>G protein-coupled receptors are the largest group of drug targets. Their effect depends on which G protein they couple to:</p>
<ul>
<li><strong>G<sub>s</sub></strong> stimulates adenylyl cyclase and raises cAMP — β1 (heart rate and contractility), β2 (bronchodilation), H2 (gastric acid), V2 (water reabsorption).</li>
<li><strong>G<sub>i</sub></strong> inhibits adenylyl cyclase — α2 (reduced noradrenaline release), M2 (slowing of the heart), D2.</li>
<li><strong>G<sub>q</sub></strong> activates phospholipase C, producing IP<sub>3</sub> and DAG and raising intracellular Ca<sup>2+</sup> — α1 (vasoconstriction), M3 (glandular secretion, bronchoconstriction), H1, V1.</li>
</ul>
<div class="recall"><p>Memory aid for G<sub>q</sub>: α1, M1, M3, H1, V1.</p></div>
<h2>Agonists and antagonists</h2>
<p>An <strong>agonist</strong> binds and activates a receptor; a <strong>full agonist</strong> can produce the maximal response of the system. A <strong>partial agonist</strong> cannot, however much is given, and in the presence of a full agonist it reduces the overall response. Buprenorphine at the μ-opioid receptor and varenicline at nicotinic receptors are examples. An <strong>inverse agonist</strong> lowers the spontaneous activity of a receptor below baseline.</p>
<p>An <strong>antagonist</strong> binds without activating. Its effects on an agonist's dose–response curve distinguish two types:</p>
<div class="recall"><ul><li>Competitive (reversible) antagonist: parallel right shift, same maximum — overcome by more agonist (naloxone vs morphine).</li><li>Non-competitive or irreversible antagonist: maximum response reduced — not overcome by more agonist (phenoxybenzamine at α-adrenoceptors).</li></ul></div>
<h2>Dose–response relationships</h2>
<h3>Potency and efficacy</h3>
<p>On a log dose–response curve, <strong>potency</strong> is shown by the position of the curve along the x-axis and summarised as the EC<sub>50</sub>, the concentration producing half the maximal effect. <strong>Efficacy</strong> is the height of the curve, E<sub>max</sub>. A more potent drug is not necessarily better: what matters clinically is whether a drug can produce the required effect at a dose that is tolerated.</p>
<h3>Therapeutic index</h3>
<p>The therapeutic index compares the dose causing toxicity with the dose causing the desired effect. <span class="recall">Drugs with a narrow therapeutic index — warfarin, digoxin, lithium, phenytoin, theophylline and aminoglycosides — need monitoring of levels or effects.</span></p>
<h2>Changes in response over time</h2>
<ul>
<li><strong>Tachyphylaxis</strong>: a rapid loss of response over minutes to hours, e.g. indirect sympathomimetics depleting noradrenaline stores.</li>
<li><strong>Tolerance</strong>: a gradual loss over days to weeks, from receptor down-regulation or increased metabolism — seen with opioids and nitrates.</li>
<li><strong>Up-regulation</strong>: chronic antagonist use increases receptor numbers. Abruptly stopping a β-blocker can therefore cause rebound tachycardia and angina.</li>
</ul>`,
};
